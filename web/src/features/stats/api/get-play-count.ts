import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';

export interface PlayCount {
  completedPlayCount: number;
}

/** GET /api/stats/play-count: how many games have been completed on the site. */
export function playCountQueryOptions() {
  return queryOptions({
    queryKey: ['stats', 'play-count'],
    queryFn: fetchFrom<PlayCount>(apiPaths.playCount),
  });
}

export function usePlayCount() {
  return useQuery(playCountQueryOptions());
}
