import { queryOptions } from '@tanstack/react-query';
import { fetchFrom, shouldRetryQuery } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { Score } from './types';

/**
 * GET /api/scores/top?limit=n: the all-time board, best first (ties: earlier score first).
 * A failure reads 'Failed to fetch top scores'; the HTTP error is its cause.
 */
export function topScoresQueryOptions(limit: number) {
  const fetchScores = fetchFrom<Score[] | null>(leaderboardPaths.topScores(limit));
  return queryOptions({
    queryKey: ['leaderboards', 'all-time', 'top', { limit }],
    queryFn: async (context): Promise<Score[]> => {
      try {
        return (await fetchScores(context)) ?? [];
      } catch (cause) {
        throw new Error('Failed to fetch top scores', { cause });
      }
    },
    retry: (count, error) => shouldRetryQuery(count, error.cause ?? error),
  });
}
