import type { Ad } from '@/features/ads-admin/api/types';
import { anAd } from '../helpers/ads';
import { useApi, respond, type Route, type ApiCall } from '../helpers/api-server';
import { admin } from '../helpers/users';

export { callsTo, queryOf } from '../helpers/api-server';

/** A paid ball ad awaiting review; fields as docs/api.md's `Ad`. */
export function makeAd(overrides: Partial<Ad> = {}): Ad {
  return anAd({
    id: '6f1c7a52-4f0e-4c8e-9d3a-1b2c3d4e5f60',
    imageUrl: '/api/media/3f0c.webp',
    destinationUrl: 'https://example.com/shoes',
    state: 'awaiting_review',
    advertiserId: 'b0a1c2d3-0000-4000-8000-000000000001',
    advertiserName: 'ann',
    orderId: 'c0a1c2d3-0000-4000-8000-000000000002',
    ...overrides,
  });
}

/** The signed-in admin and the given routes; every call is recorded. */
export function installAdminApi(routes: Record<string, Route>): ApiCall[] {
  return useApi({ '/api/user': respond(200, admin), ...routes });
}
