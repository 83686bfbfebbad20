// The shapes of docs/api.md 'Ads and payments' as the advertiser's pages read them.
import type { BallColor } from '@/components/ui/ball';

export type AdKind = 'ball' | 'banner';

/** From order to end; docs/api.md 'Ads and payments' (`Ad.state`). */
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
  color: BallColor | '';
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

export interface Run {
  days: number;
  priceCents: number;
}

export interface Catalog {
  currency: string;
  ballRuns: Run[];
  bannerRuns: Run[];
  bannerWidth: number;
  bannerHeight: number;
  ballImageSize: number;
  maxUploadBytes: number;
  maxImagePixelsPerSide: number;
  paymentsAvailable: boolean;
}

/** An uploaded image, re-encoded and stored by the server. */
export interface UploadedImage {
  key: string;
  imageUrl: string;
  width: number;
  height: number;
}

export interface OrderInput {
  kind: AdKind;
  color?: BallColor;
  imageKey: string;
  destinationUrl: string;
  runDays: number;
}

/** A running banner served to one page's banner place. */
export interface ServedBanner {
  offerId: string;
  adId: string;
  imageUrl: string;
  clickUrl: string;
  width: number;
  height: number;
}
