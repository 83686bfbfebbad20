import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom, invalidateAfter } from '@/lib/query-client';
import type { Ad, AdKind, AdState } from './types';

/** Every admin read about ads (lists and statistics) starts with this key. */
export const adminAdsKey = ['admin', 'ads'] as const;

/** GET /api/admin/ads?kind=&state=: one kind's ads, newest first; every state without one. */
export function adminAdsQueryOptions({ kind, state }: { kind: AdKind; state?: AdState }) {
  const query = new URLSearchParams({ kind });
  if (state) query.set('state', state);
  return queryOptions({
    queryKey: [...adminAdsKey, 'list', { kind, state: state ?? null }],
    queryFn: fetchFrom<Ad[]>(`${apiPaths.adminAds}?${query}`),
  });
}

/** After an ad changed: the admin's lists and statistics, and what the board and pages show. */
export function invalidateAdminAds(client: QueryClient): Promise<unknown> {
  return invalidateAfter('ads-changed', client);
}
