import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { WeeklyScoreRow } from './types';

/** GET /api/weekly-leaderboards/{id}/top-scores?limit=n: a week's players by total score. */
export function weeklyTopScoresQueryOptions(weekId: string, limit: number) {
  return queryOptions({
    queryKey: ['leaderboards', 'weekly', 'top', weekId, { limit }],
    queryFn: fetchFrom<WeeklyScoreRow[]>(leaderboardPaths.weeklyTopScores(weekId, limit)),
  });
}
