// The admin's view of ads and icons, as docs/api.md 'Ads and payments' answers them.
import type { Color } from '@ballmatch/engine';

export type AdKind = 'ball' | 'banner';

export type AdState =
  | 'awaiting_payment'
  | 'payment_failed'
  | 'awaiting_review'
  | 'scheduled'
  | 'running'
  | 'paused'
  | 'ended'
  | 'rejected';

export interface Ad {
  id: string;
  kind: AdKind;
  /** A ball ad's colour; '' for a banner. */
  color: Color | '';
  imageUrl: string;
  destinationUrl: string;
  runDays: number;
  priceCents: number;
  currency: string;
  state: AdState;
  rejectionReason: string;
  refundedCents: number;
  /** ISO 8601; '' until approved. */
  startsAt: string;
  endsAt: string;
  createdAt: string;
  impressions: number;
  clicks: number;
  advertiserId: string;
  advertiserName: string;
  orderId: string;
}

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
