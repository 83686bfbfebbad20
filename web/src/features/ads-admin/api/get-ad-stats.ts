import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import { adminAdsKey } from './get-ads';
import type { DayRange } from '@/components/stats/days';
import type { AdStats } from './types';

/** GET /api/admin/ads/stats?from=&to=: per ad and per day, and revenue per day. */
export function adStatsQueryOptions(range: DayRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return queryOptions({
    queryKey: [...adminAdsKey, 'stats', range],
    queryFn: fetchFrom<AdStats>(`${apiPaths.adminAdsStats}?${query}`),
  });
}
