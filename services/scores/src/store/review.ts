import {
  AppError,
  preparedQuery,
  writeOutbox,
  type Knex,
  type OutboxEvent,
} from '@ballmatch/platform';
import { audit, recountWeeklyRow } from './moderation';
import {
  SCORE_COLUMNS,
  scoreRow,
  type ReviewState,
  type ScoreRow,
  type WeeklyRowData,
} from './rows';
import type { ClaimingScore, InsertOutcome, NewScore } from './scores';

/**
 * Review (docs/architecture.md 'Review'). A score from a suspicious session is stored 'held':
 * on no board, in no weekly row, announced by no event. An admin clears it ('cleared': shown,
 * with the time, week, season and place it was stored with) or rejects it ('rejected': never
 * shown). A session flagged after its score was accepted holds that score ('accepted' ->
 * 'held'), which leaves the boards as a void would, but recoverably. Every state change is
 * conditional on the state before it, under the score's row lock: a second clear, or a flag
 * delivered twice, finds nothing to do.
 */

/** Held at submission: the session was suspicious, or the log's own timing analysis says so. */
export const mustHold = (n: Pick<NewScore, 'sessionSuspicious' | 'timingFlags'>) =>
  n.sessionSuspicious || n.timingFlags.length > 0;

function heldReasonOf(n: NewScore): string {
  return n.sessionSuspicious
    ? 'The session was flagged as suspicious when the score was submitted'
    : `The timing of the moves as the server received them: ${n.timingFlags.join(', ')}`;
}

/** A new score's first twelve values ($1 to $12) in a submission's statements. */
export const scoreValues = (n: ClaimingScore) => [
  n.id,
  n.sessionId,
  n.playerName,
  n.playerKey,
  n.score,
  n.level,
  n.moves,
  n.createdAt,
  n.weekId,
  n.userId,
  n.timingFlags,
  n.sessionSuspicious,
];

/**
 * A held score in one statement, idempotent per session like the accepted one (its season is
 * the one running at its time, so a clear shows it there); no weekly row, no events. The flag
 * this service heard from the sessions service, if any, is the reason given.
 */
const HOLD_SQL = `
INSERT INTO scores (id, session_id, player_name, player_key, name_keys, score, level, moves,
                    created_at, week_id, season_id, user_id, timing_flags, session_suspicious,
                    review_state, held_at, held_reason, announced)
SELECT $1::uuid, $2::text, $3::text, $4::text, $13::text[], $5::int, $6::int, $7::int,
       $8::timestamptz, $9::uuid,
       (SELECT id FROM seasons WHERE starts_at <= $8::timestamptz AND ends_at > $8::timestamptz
         LIMIT 1),
       $10::text, $11::text[], $12::boolean, 'held', $8::timestamptz,
       coalesce((SELECT 'Flagged by ' || source || ': ' || details FROM flagged_sessions
                  WHERE session_id = $2::text), $14::text),
       false
WHERE NOT EXISTS (SELECT 1 FROM banned_players WHERE player_key = $4::text)
ON CONFLICT (session_id) DO NOTHING
RETURNING ${SCORE_COLUMNS}`;

export async function insertHeld(db: Knex, n: NewScore): Promise<InsertOutcome> {
  const rows = await preparedQuery<Record<string, unknown>>(db, 'scores_submit_held', HOLD_SQL, [
    ...scoreValues(n),
    n.nameKeys,
    heldReasonOf(n),
  ]);
  if (rows[0]) return { kind: 'held', score: scoreRow(rows[0]) };
  const existing = await db.raw(`SELECT ${SCORE_COLUMNS} FROM scores WHERE session_id = ?`, [
    n.sessionId,
  ]);
  const found = (existing.rows as Record<string, unknown>[])[0];
  return found ? { kind: 'duplicate', score: scoreRow(found) } : { kind: 'banned' };
}

/** A score with its review, for the admin's queue. */
export interface ReviewRow extends ScoreRow {
  sessionId: string;
  heldAt: Date | null;
  heldReason: string | null;
  reviewedAt: Date | null;
  reviewedBy: string | null;
  reviewReason: string | null;
  /** scores.created was written for it. */
  announced: boolean;
}

const REVIEW_COLUMNS =
  `${SCORE_COLUMNS}, session_id, held_at, held_reason, reviewed_at, reviewed_by, ` +
  'review_reason, announced';

function reviewRow(raw: Record<string, unknown>): ReviewRow {
  return {
    ...scoreRow(raw),
    sessionId: String(raw.session_id),
    heldAt: (raw.held_at as Date | null) ?? null,
    heldReason: (raw.held_reason as string | null) ?? null,
    reviewedAt: (raw.reviewed_at as Date | null) ?? null,
    reviewedBy: (raw.reviewed_by as string | null) ?? null,
    reviewReason: (raw.review_reason as string | null) ?? null,
    announced: raw.announced !== false,
  };
}

/** A change of review state, as committed. */
export interface Transition {
  score: ReviewRow;
  /** The player's weekly row after it (null when the state did not change). */
  row: WeeklyRowData | null;
  /** False when the score was already in the state asked for: nothing was written. */
  changed: boolean;
  /** The score is on (or was on, for a hold) the boards: not voided, its player not banned. */
  visible: boolean;
  /** A clear that writes scores.created (the score was never announced). */
  announce: boolean;
}

export interface SessionFlag {
  sessionId: string;
  source: string;
  type: string;
  details: string;
  flaggedAt: Date;
}

/** The events a transition writes, given the score as it now is (built by the domain). */
export type TransitionEvents = (score: ReviewRow, announce: boolean) => OutboxEvent[];

export function createReviewStore(db: Knex) {
  async function lockScore(trx: Knex.Transaction, where: 'id' | 'session_id', value: string) {
    const { rows } = await trx.raw(
      `SELECT ${REVIEW_COLUMNS} FROM scores WHERE ${where} = ? FOR UPDATE`,
      [value],
    );
    return rows[0] ? reviewRow(rows[0]) : undefined;
  }

  async function isBanned(trx: Knex.Transaction, playerKey: string): Promise<boolean> {
    const found = await trx('banned_players').where({ player_key: playerKey }).first();
    return found !== undefined;
  }

  /**
   * The player's row of the score's week, counted again from the scores review lets show. The
   * row is made first if missing and locked: a concurrent submission either committed before
   * (and is counted here) or waits for this transaction and adds itself to the new count.
   */
  async function recountWeek(
    trx: Knex.Transaction,
    score: ReviewRow,
    at: Date,
  ): Promise<WeeklyRowData> {
    await trx.raw(
      `INSERT INTO weekly_scores (week_id, player_key, player_name, name_keys, total_score,
                                  games_played, highest_level, updated_at)
       SELECT week_id, player_key, player_name, name_keys, 0, 0, level, created_at
       FROM scores WHERE id = ?
       ON CONFLICT (week_id, player_key) DO NOTHING`,
      [score.id],
    );
    await trx.raw('SELECT 1 FROM weekly_scores WHERE week_id = ? AND player_key = ? FOR UPDATE', [
      score.weekId,
      score.playerKey,
    ]);
    return (await recountWeeklyRow(trx, score, at))!;
  }

  /** Moves a locked score to `to`, recounts its week, audits, writes its events. */
  async function move(
    trx: Knex.Transaction,
    before: ReviewRow,
    to: ReviewState,
    input: { actor: string; reason: string; at: Date; action: string },
    events: TransitionEvents,
  ): Promise<Transition> {
    const columns =
      to === 'held'
        ? { held_at: input.at, held_reason: input.reason, session_suspicious: true }
        : { reviewed_at: input.at, reviewed_by: input.actor, review_reason: input.reason };
    const announce = to === 'cleared' && !before.announced;
    const [raw] = await trx('scores')
      .where({ id: before.id })
      .update({ review_state: to, ...columns, announced: before.announced || announce })
      .returning(REVIEW_COLUMNS.split(', '));
    const score = reviewRow(raw);
    // A rejected score was not counted before and is not now: its week stays as it is.
    const row = to === 'rejected' ? null : await recountWeek(trx, score, input.at);
    const visible = to !== 'rejected' && !score.voidedAt && !(await isBanned(trx, score.playerKey));
    await audit(trx, {
      action: input.action,
      actorUserId: input.actor,
      target: score.id,
      reason: input.reason,
      details: {
        playerName: score.playerName,
        score: score.score,
        level: score.level,
        sessionId: score.sessionId,
        from: before.reviewState,
      },
    });
    if (visible) await writeOutbox(trx, events(score, announce));
    return { score, row, changed: true, visible, announce };
  }

  const unchanged = (score: ReviewRow): Transition => ({
    score,
    row: null,
    changed: false,
    visible: false,
    announce: false,
  });

  /** Holds the session's score if it is shown now (the caller's transaction). */
  async function holdSession(
    trx: Knex.Transaction,
    sessionId: string,
    reason: string,
    at: Date,
    events: TransitionEvents,
  ): Promise<Transition | null> {
    const before = await lockScore(trx, 'session_id', sessionId);
    if (!before || before.reviewState !== 'accepted') return null;
    return move(trx, before, 'held', { actor: 'system', reason, at, action: 'score.hold' }, events);
  }

  const flagReason = (flag: { source: string; details: string }) =>
    `Flagged by ${flag.source}: ${flag.details}`;

  return {
    /**
     * session.flagged, in the consumer's transaction: the flag is remembered (a later
     * submission of the session is held) and the session's score, if it is shown, is held.
     */
    async sessionFlagged(
      trx: Knex.Transaction,
      flag: SessionFlag,
      at: Date,
      events: TransitionEvents,
    ): Promise<Transition | null> {
      await trx.raw(
        `INSERT INTO flagged_sessions (session_id, source, type, details, flagged_at)
         VALUES (?, ?, ?, ?, ?) ON CONFLICT (session_id) DO NOTHING`,
        [flag.sessionId, flag.source, flag.type, flag.details, flag.flaggedAt],
      );
      return holdSession(trx, flag.sessionId, flagReason(flag), at, events);
    },

    /**
     * After an accepted score committed: a flag heard meanwhile (between the sessions read and
     * the insert) holds it now. The flag's consumer asks it too, after its own commit, when
     * its transaction found no score: whichever of the two asks last sees both the flag and
     * the score (domain/review.ts). Null without a flag or a score; unchanged when it is held
     * already.
     */
    async holdIfFlagged(
      sessionId: string,
      at: Date,
      events: TransitionEvents,
    ): Promise<Transition | null> {
      // Asked after every accepted score, and almost always answered "no flag": prepared.
      const [flag] = await preparedQuery<{ source: string; details: string }>(
        db,
        'scores_flag_of_session',
        'SELECT source, details FROM flagged_sessions WHERE session_id = $1',
        [sessionId],
      );
      if (!flag) return null;
      return db.transaction(async (trx) => {
        const held = await holdSession(trx, sessionId, flagReason(flag), at, events);
        if (held) return held;
        const score = await lockScore(trx, 'session_id', sessionId);
        return score ? unchanged(score) : null;
      });
    },

    /** A held score is shown from now on; clearing a cleared one answers it unchanged. */
    async clear(
      scoreId: string,
      input: { actor: string; reason: string; at: Date },
      events: TransitionEvents,
    ): Promise<Transition | undefined> {
      return db.transaction(async (trx) => {
        const before = await lockScore(trx, 'id', scoreId);
        if (!before) return undefined;
        if (before.reviewState === 'cleared') return unchanged(before);
        if (before.reviewState === 'rejected') {
          throw new AppError(
            'FAILED_PRECONDITION',
            'This score was rejected: it stays off the boards',
          );
        }
        if (before.reviewState !== 'held') {
          throw new AppError('FAILED_PRECONDITION', 'This score is not held for review');
        }
        return move(trx, before, 'cleared', { ...input, action: 'score.clear' }, events);
      });
    },

    /** A held score is never shown; rejecting a rejected one answers it unchanged. */
    async reject(
      scoreId: string,
      input: { actor: string; reason: string; at: Date },
    ): Promise<Transition | undefined> {
      return db.transaction(async (trx) => {
        const before = await lockScore(trx, 'id', scoreId);
        if (!before) return undefined;
        if (before.reviewState === 'rejected') return unchanged(before);
        if (before.reviewState !== 'held') {
          throw new AppError(
            'FAILED_PRECONDITION',
            'Only a held score can be rejected (void a score that is on the boards)',
          );
        }
        return move(trx, before, 'rejected', { ...input, action: 'score.reject' }, () => []);
      });
    },

    /** The score of a session's game, whatever its state. */
    async bySession(sessionId: string): Promise<ReviewRow | undefined> {
      const { rows } = await db.raw(`SELECT ${REVIEW_COLUMNS} FROM scores WHERE session_id = ?`, [
        sessionId,
      ]);
      const [row] = rows as Record<string, unknown>[];
      return row && reviewRow(row);
    },

    /** Scores in one review state, most recently held first. */
    async list(state: ReviewState, limit: number): Promise<ReviewRow[]> {
      const { rows } = await db.raw(
        `SELECT ${REVIEW_COLUMNS} FROM scores WHERE review_state = ?
         ORDER BY held_at DESC NULLS LAST, seq DESC LIMIT ?`,
        [state, limit],
      );
      return (rows as Record<string, unknown>[]).map(reviewRow);
    },
  };
}

export type ReviewStore = ReturnType<typeof createReviewStore>;
