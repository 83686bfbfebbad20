// The admin's view of ads and icons, as docs/api.md 'Ads and payments' answers them.
import type { Ad } from '@/types/ads';

export type { Ad, AdKind, AdState } from '@/types/ads';

export interface AdDay {
  adId: string;
  /** YYYY-MM-DD */
  day: string;
  impressions: number;
  clicks: number;
}

export interface RevenueDay {
  day: string;
  revenueCents: number;
  refundedCents: number;
}

export interface AdStats {
  currency: string;
  ads: Ad[];
  days: AdDay[];
  revenue: RevenueDay[];
}

/** A custom ball icon: snake_case, as the API names it. */
export interface Icon {
  color_code: string;
  svg_content: string;
}

export interface IconDay {
  color: string;
  day: string;
  impressions: number;
}

export interface IconStats {
  days: IconDay[];
}
