import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { Ad } from './types';

/** GET /api/ads/mine: the signed-in advertiser's ads, newest first, with their counts. */
export function myAdsQueryOptions() {
  return queryOptions({
    queryKey: ['ads', 'mine'],
    queryFn: fetchFrom<Ad[]>(apiPaths.myAds),
  });
}
