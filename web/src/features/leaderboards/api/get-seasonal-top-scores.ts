import { queryOptions } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { Score } from './types';

/** GET /api/seasonal-leaderboards/{id}/scores/top: a season's best scores. */
export function seasonalTopScoresQueryOptions(seasonId: string, limit: number) {
  return queryOptions({
    queryKey: ['leaderboards', 'seasonal', 'top', seasonId, { limit }],
    queryFn: fetchFrom<Score[]>(leaderboardPaths.seasonalTopScores(seasonId, limit)),
  });
}
