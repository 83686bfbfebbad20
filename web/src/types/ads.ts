// The ad as docs/api.md 'Ads and payments' answers it, shared by the advertiser's pages
// (features/ads) and the admin's (features/ads-admin), and the ads' statistics, which the admin
// console's overview reads too.
import type { Color } from '@ballmatch/engine';
import type { AdKind, AdState } from '@ballmatch/rules';

export type { AdKind, AdState };

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
