// The shapes of docs/api.md 'Ads and payments' as the advertiser's pages read them.
import type { BallColor } from '@/components/ui/ball';
import type { AdKind } from '@/types/ads';

export type { Ad, AdKind, AdState } from '@/types/ads';

export type { Catalog, CatalogRun as Run } from '@ballmatch/rules';

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
