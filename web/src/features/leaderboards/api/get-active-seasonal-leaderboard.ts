import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { SeasonalLeaderboard } from './types';

/** GET /api/seasonal-leaderboards/active: the running season, or null when there is none. */
export function activeSeasonalLeaderboardQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards', 'seasonal', 'active'],
    queryFn: fetchFrom<SeasonalLeaderboard | null>(leaderboardPaths.activeSeasonalLeaderboard),
  });
}
