import type { Ad } from '@/features/ads-admin/api/types';
import {
  byRoute,
  installFakeFetch,
  respond,
  type FakeHandler,
  type FakeResponse,
  type FetchCall,
} from '../helpers/fake-fetch';
import { admin } from '../helpers/users';

/** A paid ball ad awaiting review; fields as docs/api.md's `Ad`. */
export function makeAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: '6f1c7a52-4f0e-4c8e-9d3a-1b2c3d4e5f60',
    kind: 'ball',
    color: 'red',
    imageUrl: '/api/media/3f0c.webp',
    destinationUrl: 'https://example.com/shoes',
    runDays: 7,
    priceCents: 2500,
    currency: 'usd',
    state: 'awaiting_review',
    rejectionReason: '',
    refundedCents: 0,
    startsAt: '',
    endsAt: '',
    createdAt: '2026-11-24T11:50:00.000Z',
    impressions: 0,
    clicks: 0,
    advertiserId: 'b0a1c2d3-0000-4000-8000-000000000001',
    advertiserName: 'ann',
    orderId: 'c0a1c2d3-0000-4000-8000-000000000002',
    ...overrides,
  };
}

/** The signed-in admin and the given routes; every call is recorded. */
export function installAdminApi(routes: Record<string, FakeHandler | FakeResponse>): FetchCall[] {
  return installFakeFetch(byRoute({ '/api/user': respond(200, admin), ...routes }));
}

/** The calls to one method and path (query string ignored). */
export function callsTo(calls: FetchCall[], method: string, path: string): FetchCall[] {
  return calls.filter(
    (c) =>
      (c.init.method ?? 'GET') === method && new URL(c.url, 'http://localhost').pathname === path,
  );
}

export function queryOf(call: FetchCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
}
