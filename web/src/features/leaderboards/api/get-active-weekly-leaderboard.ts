import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { WeeklyLeaderboard } from './types';

/** GET /api/weekly-leaderboards/active: this week's board (the server creates it on demand). */
export function activeWeeklyLeaderboardQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards', 'weekly', 'active'],
    queryFn: fetchFrom<WeeklyLeaderboard>(leaderboardPaths.activeWeeklyLeaderboard),
  });
}
