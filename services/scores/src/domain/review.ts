import { AppError, isUuid, type ConsumedEvent, type Knex } from '@ballmatch/platform';
import { decodeEvent } from '@ballmatch/proto';
import { ALL_TIME, seasonBoard, weekBoard } from '../store/boards';
import type { ReviewRow, ReviewStore, Transition, TransitionEvents } from '../store/review';
import type { ReviewState, ScoreRow } from '../store/rows';
import type { BoardWriterDeps } from './board-repairs';
import { adminListLimit } from './limits';
import { accountOf, leaderboardUpdated, scoreCreated } from './events';
import { reasonOf } from './moderation';

/**
 * Review of suspicious games (docs/architecture.md 'Review'). A score whose session was
 * suspicious when it was submitted is stored held; a session flagged later (session.flagged)
 * holds its score then. Held and rejected scores are on no board, rank, feed or archive; an
 * admin clears a held score (it appears with its original time, once) or rejects it. Nothing is
 * banned automatically.
 */

export interface ReviewAnswer {
  reviewState: ReviewState;
  /** For the player when the score is not on the boards; '' otherwise. */
  message: string;
}

export const REVIEW_MESSAGES = {
  held: 'Your score is under review: it will appear on the leaderboards once a moderator clears it.',
  rejected: 'Your score was rejected after review: it will not appear on the leaderboards.',
};

export function reviewAnswer(state: ReviewState): ReviewAnswer {
  const message = state === 'held' || state === 'rejected' ? REVIEW_MESSAGES[state] : '';
  return { reviewState: state, message };
}

const STATES: ReviewState[] = ['held', 'cleared', 'rejected'];
const MAX_DETAILS = 500;

export function createReview(deps: BoardWriterDeps & { review: ReviewStore }) {
  const { boards, weeks, seasons, now, logger } = deps;

  /** The boards a score belongs to (by its original time): its week and its season, if any. */
  async function boardsOf(score: ScoreRow) {
    const week = weekBoard((await weeks.byId(score.weekId))!);
    const season = score.seasonId ? await seasons.byId(score.seasonId) : undefined;
    return { week, season: season ? seasonBoard(season) : null };
  }

  /** Every board the score shows on: leaderboard.updated for each (and the feed's event once). */
  const events =
    (at: Date): TransitionEvents =>
    (score, announce) => [
      // The game's largest run and weekly place are not kept: no run or weekly badge from it.
      ...(announce
        ? [
            scoreCreated(
              score,
              {
                userId: accountOf(score.playerKey),
                weekId: score.weekId,
                seasonId: score.seasonId ?? undefined,
              },
              at,
            ),
          ]
        : []),
      ...(score.resetId ? [] : [leaderboardUpdated('all-time', null, score.playerName, at)]),
      leaderboardUpdated('weekly', score.weekId, score.playerName, at),
      ...(score.seasonId
        ? [leaderboardUpdated('seasonal', score.seasonId, score.playerName, at)]
        : []),
    ];

  /**
   * After the commit, Redis follows PostgreSQL as moderation's changes do: entries added or
   * removed one by one; if Redis fails, the boards are dropped (board-repairs.ts) and rebuilt.
   */
  async function followInRedis(what: 'hold' | 'clear', t: Transition): Promise<void> {
    if (!t.changed) return;
    deps.changed();
    if (!t.visible) return;
    deps.wake();
    const { score, row } = t;
    const { week, season } = await boardsOf(score);
    try {
      if (what === 'clear') {
        if (!score.resetId) await boards.addScores(ALL_TIME, [score]);
        if (season) await boards.addScores(season, [score]);
        if (row && row.gamesPlayed > 0) await boards.putWeeklyRows(week, [row]);
      } else {
        await boards.removeScores(ALL_TIME, [score]);
        if (season) await boards.removeScores(season, [score]);
        if (row && row.gamesPlayed > 0) await boards.putWeeklyRows(week, [row], true);
        else await boards.removeWeeklyRows(week, [score.playerKey]);
      }
      // A rebuild that overlapped this change starts again.
      await boards.bumpGeneration();
    } catch (error) {
      logger.warn({ err: error, what }, 'Redis boards not updated; dropping them to rebuild');
      await deps.repairs.owe([ALL_TIME, week, ...(season ? [season] : [])]);
    } finally {
      deps.changed();
    }
  }

  /** The score's entries on the all-time and seasonal boards, if a late write put them back. */
  async function takeOffScoreBoards(score: ScoreRow): Promise<void> {
    const { season } = await boardsOf(score);
    try {
      await boards.removeScores(ALL_TIME, [score]);
      if (season) await boards.removeScores(season, [score]);
    } catch (error) {
      logger.warn({ err: error }, 'Redis boards not updated; dropping them to rebuild');
      await deps.repairs.owe([ALL_TIME, ...(season ? [season] : [])]);
    }
    deps.changed();
  }

  /**
   * A session with a flag recorded and an accepted score: the score is held now and taken off
   * the boards (also when the flag's consumer or another request held it first, while the
   * submission was putting it on them). Null when the session has no flag or no score.
   */
  async function holdFlagged(sessionId: string): Promise<ScoreRow | null> {
    const at = now();
    const held = await deps.review.holdIfFlagged(sessionId, at, events(at));
    if (!held) return null;
    if (held.changed) await followInRedis('hold', held);
    else if (held.score.reviewState === 'held' || held.score.reviewState === 'rejected') {
      await takeOffScoreBoards(held.score);
    }
    return held.score;
  }

  const notFound = () => new AppError('NOT_FOUND', 'Score not found');

  return {
    /**
     * session.flagged (the durable consumer, in its transaction): remembered, and the
     * session's score, if it is on the boards, is held. Answers the Redis step for after the
     * commit.
     */
    async sessionFlagged(trx: Knex.Transaction, event: ConsumedEvent) {
      const flag = decodeEvent('sessionFlagged', event.payload);
      if (!flag?.sessionId || flag.sessionId.length > 100) return undefined;
      const at = now();
      const flaggedAt = new Date(flag.occurredAt);
      const held = await deps.review.sessionFlagged(
        trx,
        {
          sessionId: flag.sessionId,
          source: (flag.source || 'server').slice(0, 20),
          type: flag.type.slice(0, 50),
          details: flag.details.slice(0, MAX_DETAILS),
          flaggedAt: Number.isNaN(flaggedAt.getTime()) ? at : flaggedAt,
        },
        at,
        events(at),
      );
      if (held) return () => followInRedis('hold', held);
      // No score yet, as this transaction saw it. A submission storing one meanwhile looks for
      // the flag after its commit, but may look before this commit: so the score is looked for
      // again after it. One of the two looks comes after both commits and holds it.
      return async () => {
        await holdFlagged(flag.sessionId);
      };
    },

    /** An accepted score whose session was flagged while it was being stored: held now. */
    async holdIfFlagged(sessionId: string, score: ScoreRow): Promise<ScoreRow> {
      return (await holdFlagged(sessionId)) ?? score;
    },

    async clear(scoreId: string, rawReason: string, actor: string): Promise<ReviewRow> {
      const reason = reasonOf(rawReason, false);
      const at = now();
      const t = isUuid(scoreId)
        ? await deps.review.clear(scoreId, { actor, reason, at }, events(at))
        : undefined;
      if (!t) throw notFound();
      await followInRedis('clear', t);
      return t.score;
    },

    async reject(scoreId: string, rawReason: string, actor: string): Promise<ReviewRow> {
      const reason = reasonOf(rawReason);
      const t = isUuid(scoreId)
        ? await deps.review.reject(scoreId, { actor, reason, at: now() })
        : undefined;
      if (!t) throw notFound();
      if (t.changed) deps.changed();
      return t.score;
    },

    /** Player tracking: the score a session's game yielded (held, voided or not). */
    async ofSession(sessionId: string): Promise<ReviewRow> {
      const row = isUuid(sessionId) ? await deps.review.bySession(sessionId) : undefined;
      if (!row) throw new AppError('NOT_FOUND', 'This session has no score');
      return row;
    },

    async list(rawState: string, rawLimit: number): Promise<ReviewRow[]> {
      const state = (rawState || 'held') as ReviewState;
      if (!STATES.includes(state)) {
        throw new AppError('INVALID_ARGUMENT', "state must be 'held', 'cleared' or 'rejected'", {
          field: 'state',
        });
      }
      return deps.review.list(state, adminListLimit(rawLimit));
    },
  };
}

export type Review = ReturnType<typeof createReview>;
