// Answers of the ads API (docs/api.md 'Ads and payments') for the advertiser's pages.
import type { Ad, Catalog } from '@/features/ads/api/types';
import type { FetchCall } from '../helpers/fake-fetch';

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

export function anAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: 'ad-1',
    kind: 'ball',
    color: 'red',
    imageUrl: '/api/media/face.webp',
    destinationUrl: 'https://shop.example/',
    runDays: 7,
    priceCents: 2500,
    currency: 'usd',
    state: 'awaiting_payment',
    rejectionReason: '',
    refundedCents: 0,
    startsAt: '',
    endsAt: '',
    createdAt: '2026-11-24T11:50:00.000Z',
    impressions: 0,
    clicks: 0,
    advertiserId: 'u-1',
    advertiserName: 'alice',
    orderId: 'order-1',
    ...overrides,
  };
}

/** The calls made to one method and path (query left out). */
export function callsTo(calls: FetchCall[], method: string, path: string): FetchCall[] {
  return calls.filter(
    (c) =>
      (c.init.method ?? 'GET') === method && new URL(c.url, 'http://localhost').pathname === path,
  );
}

export function headerOf(call: FetchCall, name: string): string | undefined {
  return (call.init.headers as Record<string, string> | undefined)?.[name];
}
