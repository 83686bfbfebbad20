import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { SeasonalLeaderboard } from './types';

/** GET /api/seasonal-leaderboards/active: the running season, or null when there is none. */
export function activeSeasonalLeaderboardQueryOptions() {
  return queryOptions<SeasonalLeaderboard | null>({
    queryKey: [leaderboardPaths.activeSeasonalLeaderboard],
    staleTime: LEADERBOARD_STALE_TIME_MS,
  });
}
