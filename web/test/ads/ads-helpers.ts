// Answers of the ads API (docs/api.md 'Ads and payments') for the advertiser's pages.
import type { Catalog } from '@/features/ads/api/types';

export const catalog: Catalog = {
  currency: 'usd',
  ballRuns: [
    { days: 1, priceCents: 500 },
    { days: 7, priceCents: 2500 },
    { days: 30, priceCents: 8000 },
  ],
  bannerRuns: [
    { days: 1, priceCents: 800 },
    { days: 7, priceCents: 4000 },
  ],
  bannerWidth: 728,
  bannerHeight: 90,
  ballImageSize: 256,
  maxUploadBytes: 5 * 1024 * 1024,
  maxImagePixelsPerSide: 4096,
  paymentsAvailable: true,
};

export { anAd } from '../helpers/ads';
export { callsTo, headerOf } from '../helpers/api-server';
