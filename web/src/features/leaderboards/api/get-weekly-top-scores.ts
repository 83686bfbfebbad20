import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { WeeklyScoreRow } from './types';

/** GET /api/weekly-leaderboards/{id}/top-scores?limit=n: a week's players by total score. */
export function weeklyTopScoresQueryOptions(
  weekId: string,
  limit: number,
  staleTime = LEADERBOARD_STALE_TIME_MS,
) {
  return queryOptions<WeeklyScoreRow[]>({
    queryKey: [leaderboardPaths.weeklyTopScores(weekId, limit)],
    staleTime,
  });
}
