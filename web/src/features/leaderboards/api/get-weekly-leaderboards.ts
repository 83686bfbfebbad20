import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { WeeklyLeaderboard } from './types';

/** GET /api/weekly-leaderboards: every week's board, newest first (the archive too). */
export function weeklyLeaderboardsQueryOptions() {
  return queryOptions<WeeklyLeaderboard[]>({
    queryKey: [leaderboardPaths.weeklyLeaderboards],
    staleTime: LEADERBOARD_STALE_TIME_MS,
  });
}
