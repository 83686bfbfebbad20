// An ad as docs/api.md 'Ads and payments' answers it, for the advertiser's and the admin's pages.
import type { Ad } from '@/types/ads';

/** A ball ad awaiting payment, with `overrides`. */
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
