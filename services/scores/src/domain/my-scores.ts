import { AppError, offsetOf, pageOf, paginationOf } from '@ballmatch/platform';
import type { AccountScoreStore } from '../store/account-scores';
import type { ScoreRow } from '../store/rows';
import type { ScoreStore } from '../store/scores';
import type { Leaderboards } from './leaderboards';
import { MY_SCORES_LIMIT, myScoresLimit } from './limits';
import { accountKey } from './player-name';

/** Board order: more points first, then the earlier submission (the boards' tie rule). */
const better = (a: ScoreRow, b: ScoreRow) =>
  b.score - a.score || a.createdAt.getTime() - b.createdAt.getTime() || a.seq - b.seq;

/** Ranks live in Redis's ranked sets: with Redis down the answer is 503, never a 500. */
function ranksUnavailable(error: unknown): never {
  if (error instanceof AppError) throw error;
  throw new AppError('UNAVAILABLE', 'Ranks are unavailable right now. Please try again shortly.');
}

/**
 * A signed-in player's own games and standing, by their account's player key (every game
 * played signed in, whatever name it showed). Nobody else's: the caller is the account.
 */
export function createMyScores(deps: {
  accountScores: AccountScoreStore;
  scores: ScoreStore;
  leaderboards: Leaderboards;
}) {
  return {
    /** A numbered page of the player's games (`page` 1 first), or the window at `offset` (page 0). */
    async list(userId: string, input: { limit: number; offset: number; page: number }) {
      if (input.page === 0) {
        const at = { limit: myScoresLimit(input.limit), offset: offsetOf(input.offset) };
        return {
          ...(await deps.accountScores.page(accountKey(userId), at)),
          pagination: undefined,
        };
      }
      const at = pageOf(input, MY_SCORES_LIMIT);
      const { rows, total } = await deps.accountScores.page(accountKey(userId), at);
      return { rows, total, pagination: paginationOf(at, total) };
    },

    /**
     * The best game on the boards (shown by review, not voided) with its all-time rank, and
     * the player's row on the current week's board with its rank.
     */
    async standing(userId: string) {
      const key = accountKey(userId);
      const shown = (await deps.scores.ofPlayer(key)).sort(better);
      const best = shown[0] ?? null;
      const [allTimeRank, weekly] = await Promise.all([
        // A reset took it off the all-time board (it keeps its week and season).
        best && !best.resetId ? deps.leaderboards.allTimeRankOf(best) : 0,
        deps.leaderboards.weeklyStandingOf(key),
      ]).catch(ranksUnavailable);
      return { gamesOnBoards: shown.length, best, allTimeRank, ...weekly };
    },
  };
}

export type MyScores = ReturnType<typeof createMyScores>;
