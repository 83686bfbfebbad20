// The admin's view of ads and icons, as docs/api.md 'Ads and payments' answers them.
export type { Ad, AdDay, AdKind, AdState, AdStats, RevenueDay } from '@/types/ads';

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
