import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { WeeklyLeaderboard } from './types';

/**
 * GET /api/weekly-leaderboards/active: this week's board (the server creates it on demand). An
 * empty or `null` answer (no active week) is read as null, never as a week without an id.
 */
export function activeWeeklyLeaderboardQueryOptions() {
  const fetchActive = fetchFrom<WeeklyLeaderboard | null>(leaderboardPaths.activeWeeklyLeaderboard);
  return queryOptions({
    queryKey: ['leaderboards', 'weekly', 'active'],
    queryFn: async (context): Promise<WeeklyLeaderboard | null> => {
      const week = await fetchActive(context);
      return week && typeof week.id === 'string' && week.id !== '' ? week : null;
    },
  });
}
