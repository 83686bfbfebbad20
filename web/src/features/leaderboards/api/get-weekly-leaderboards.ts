import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { WeeklyLeaderboard } from './types';

/** GET /api/weekly-leaderboards: every week's board, newest first (the archive too). */
export function weeklyLeaderboardsQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards', 'weekly', 'list'],
    queryFn: fetchFrom<WeeklyLeaderboard[]>(leaderboardPaths.weeklyLeaderboards),
  });
}
