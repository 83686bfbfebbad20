import { queryOptions } from '@tanstack/react-query';
import { LEADERBOARD_STALE_TIME_MS } from '@/config/network';
import { getQueryFn, shouldRetryQuery } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { Score } from './types';

const fetchScores = getQueryFn<Score[]>();

/**
 * GET /api/scores/top?limit=n: the all-time board, best first (ties: earlier score first).
 * A failure reads 'Failed to fetch top scores' (SPEC 8); the HTTP error is its cause.
 */
export function topScoresQueryOptions(limit: number, staleTime = LEADERBOARD_STALE_TIME_MS) {
  return queryOptions({
    queryKey: [leaderboardPaths.topScores(limit)],
    queryFn: async (context): Promise<Score[]> => {
      try {
        return (await fetchScores(context)) ?? [];
      } catch (cause) {
        throw new Error('Failed to fetch top scores', { cause });
      }
    },
    staleTime,
    retry: (count, error) => shouldRetryQuery(count, error.cause ?? error),
  });
}
