// Rank around me: a player's own place on a board and its neighbours. The server answers 404
// when the player has no entry on that board; that is an answer (null), not an error, and the
// fetch layer logs nothing for it.
import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import { fetchFrom } from '@/lib/query-client';
import { leaderboardPaths } from './paths';
import type { RankAroundMe, Score, WeeklyScoreRow } from './types';

type Wire = Record<string, unknown>;

/** An entry as a flat row with its rank, whether the answer nests it ({rank, score|row}) or not. */
function flatEntry<Row>(item: unknown): Row & { rank?: number } {
  if (item && typeof item === 'object') {
    const { rank, score, row } = item as Wire;
    const nested = score && typeof score === 'object' ? score : row;
    if (nested && typeof nested === 'object') return { ...(nested as Row), rank: rank as number };
  }
  return item as Row & { rank?: number };
}

function normalise<Row>(answer: RankAroundMe<unknown>): RankAroundMe<Row> {
  return {
    rank: answer.rank,
    entry: flatEntry<Row>(answer.entry),
    around: Array.isArray(answer.around) ? answer.around.map((item) => flatEntry<Row>(item)) : [],
  };
}

function rankQueryFn<Row>(path: string): QueryFunction<RankAroundMe<Row> | null> {
  const fetchRank = fetchFrom<RankAroundMe<unknown> | null>(path, { on404: 'returnNull' });
  return async (context) => {
    const answer = await fetchRank(context);
    return answer && normalise<Row>(answer);
  };
}

/** GET /api/scores/rank?playerName=: the player's best all-time score and its neighbours. */
export function allTimeRankQueryOptions(playerName: string) {
  return queryOptions({
    queryKey: ['leaderboards', 'all-time', 'rank', { playerName }],
    queryFn: rankQueryFn<Score>(leaderboardPaths.allTimeRank(playerName)),
  });
}

/** GET /api/weekly-leaderboards/{id}/rank?playerName=: the player's week and its neighbours. */
export function weeklyRankQueryOptions(weekId: string, playerName: string) {
  return queryOptions({
    queryKey: ['leaderboards', 'weekly', 'rank', weekId, { playerName }],
    queryFn: rankQueryFn<WeeklyScoreRow>(leaderboardPaths.weeklyRank(weekId, playerName)),
  });
}

/** GET /api/seasonal-leaderboards/{id}/rank?playerName=: the player's season standing. */
export function seasonalRankQueryOptions(seasonId: string, playerName: string) {
  return queryOptions({
    queryKey: ['leaderboards', 'seasonal', 'rank', seasonId, { playerName }],
    queryFn: rankQueryFn<Score>(leaderboardPaths.seasonalRank(seasonId, playerName)),
  });
}
