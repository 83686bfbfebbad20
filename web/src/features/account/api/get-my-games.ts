import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { MyGamesPage, Standing } from './types';

/** GET /api/user/scores: the player's latest games, newest first. */
export function myGamesQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['account', 'games', { limit }],
    queryFn: fetchFrom<MyGamesPage>(`${apiPaths.userScores}?limit=${limit}`),
  });
}

/** GET /api/user/standing: the best game with its all-time rank, and this week's rank. */
export function standingQueryOptions() {
  return queryOptions({
    queryKey: ['account', 'standing'],
    queryFn: fetchFrom<Standing>(apiPaths.userStanding),
  });
}
