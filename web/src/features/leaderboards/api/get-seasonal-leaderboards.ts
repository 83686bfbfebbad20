import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { SeasonalLeaderboard } from './types';

/** GET /api/seasonal-leaderboards: every season, as the server orders them. */
export function seasonalLeaderboardsQueryOptions() {
  return queryOptions({
    queryKey: ['leaderboards', 'seasonal', 'list'],
    queryFn: fetchFrom<SeasonalLeaderboard[]>(leaderboardPaths.seasonalLeaderboards),
  });
}
