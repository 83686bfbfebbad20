import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { SeasonalLeaderboard } from './types';

/** GET /api/seasonal-leaderboards: every season, as the server orders them. */
export function seasonalLeaderboardsQueryOptions() {
  return queryOptions<SeasonalLeaderboard[]>({
    queryKey: [leaderboardPaths.seasonalLeaderboards],
    staleTime: LEADERBOARD_STALE_TIME_MS,
  });
}
