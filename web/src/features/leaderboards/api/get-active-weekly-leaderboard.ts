import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { WeeklyLeaderboard } from './types';

/** GET /api/weekly-leaderboards/active: this week's board (the server creates it on demand). */
export function activeWeeklyLeaderboardQueryOptions(staleTime = LEADERBOARD_STALE_TIME_MS) {
  return queryOptions<WeeklyLeaderboard>({
    queryKey: [leaderboardPaths.activeWeeklyLeaderboard],
    staleTime,
  });
}
