import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { leaderboardPaths } from './paths';
import type { Score } from './types';

/** GET /api/seasonal-leaderboards/{id}/scores/top: a season's best scores. */
export function seasonalTopScoresQueryOptions(seasonId: string, limit: number) {
  return queryOptions<Score[]>({
    queryKey: [leaderboardPaths.seasonalTopScores(seasonId, limit)],
    staleTime: LEADERBOARD_STALE_TIME_MS,
  });
}
