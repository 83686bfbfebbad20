import { requireUser, type AsyncServiceOf } from '@ballmatch/platform';
import type { scoresV1 } from '@ballmatch/proto';
import type { MyScores } from '../domain/my-scores';
import type { ScoreRow } from '../store/rows';
import { toScore, toWeek } from './handlers';

function toMyScore(s: ScoreRow): scoresV1.MyScore {
  return {
    score: toScore(s),
    reviewState: s.reviewState,
    voidedAt: s.voidedAt?.toISOString() ?? '',
    weekId: s.weekId,
    seasonId: s.seasonId ?? '',
    reset: s.resetId !== null,
  };
}

/** The caller's own games; the server lets only signed-in callers through. */
export function createMyScoresHandlers(
  myScores: MyScores,
): AsyncServiceOf<typeof scoresV1.MyScoresServiceService> {
  return {
    listMyScores: async (req, ctx) => {
      const page = await myScores.list(requireUser(ctx).id, req);
      return { scores: page.rows.map(toMyScore), total: page.total, pagination: page.pagination };
    },
    getMyStanding: async (_req, ctx) => {
      const s = await myScores.standing(requireUser(ctx).id);
      return {
        gamesOnBoards: s.gamesOnBoards,
        best: s.best ? toScore(s.best) : undefined,
        allTimeRank: s.allTimeRank,
        week: toWeek(s.week),
        weekly: s.entry?.item,
        weeklyRank: s.entry?.rank ?? 0,
      };
    },
  };
}
