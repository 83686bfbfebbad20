import { writeOutbox, type Knex, type OutboxEvent } from '@ballmatch/platform';
import { SCORE_COLUMNS, SHOWN, WEEKLY_COLUMNS, scoreRow, weeklyRow } from './rows';
import type { ScoreRow, WeeklyRowData } from './rows';

export interface AuditInput {
  action: string;
  actorUserId: string;
  target: string;
  reason?: string;
  details?: Record<string, unknown>;
}

export interface BanRow {
  playerKey: string;
  playerName: string;
  reason: string;
  createdAt: Date;
}

export interface ResetRow {
  id: string;
  reason: string;
  scoresRemoved: number;
  createdAt: Date;
  restoredAt: Date | null;
}

export interface AuditRow {
  id: string;
  action: string;
  actorUserId: string;
  target: string;
  reason: string;
  details: Record<string, unknown>;
  createdAt: Date;
}

const banRow = (r: Record<string, unknown>): BanRow => ({
  playerKey: String(r.player_key),
  playerName: String(r.player_name),
  reason: String(r.reason),
  createdAt: r.created_at as Date,
});

const resetRow = (r: Record<string, unknown>): ResetRow => ({
  id: String(r.id),
  reason: String(r.reason),
  scoresRemoved: Number(r.scores_removed),
  createdAt: r.created_at as Date,
  restoredAt: (r.restored_at as Date | null) ?? null,
});

export async function audit(trx: Knex | Knex.Transaction, entry: AuditInput): Promise<void> {
  await trx('audit_log').insert({
    action: entry.action,
    actor_user_id: entry.actorUserId,
    target: entry.target,
    reason: entry.reason ?? '',
    details: JSON.stringify(entry.details ?? {}),
  });
}

/** Moderation writes: each change, its audit entry and its events in one transaction. */
export function createModerationStore(db: Knex) {
  return {
    /**
     * Voids a score and recomputes its player's weekly row from the scores left. The row is
     * locked first, so a submission of the same player and week either finished before (and is
     * counted) or waits and adds itself to the recomputed row.
     */
    async voidScore(
      scoreId: string,
      input: { reason: string; actorUserId: string; at: Date },
      events: (score: ScoreRow) => OutboxEvent[],
    ): Promise<{ score: ScoreRow; row: WeeklyRowData | null; changed: boolean } | undefined> {
      return db.transaction(async (trx) => {
        const found = await trx.raw(`SELECT ${SCORE_COLUMNS} FROM scores WHERE id = ? FOR UPDATE`, [
          scoreId,
        ]);
        if (found.rows.length === 0) return undefined;
        const before = scoreRow(found.rows[0]);
        if (before.voidedAt) return { score: before, row: null, changed: false };
        await trx.raw(
          'SELECT 1 FROM weekly_scores WHERE week_id = ? AND player_key = ? FOR UPDATE',
          [before.weekId, before.playerKey],
        );
        const updated = await trx.raw(
          `UPDATE scores SET voided_at = ?, voided_by = ?, void_reason = ? WHERE id = ?
           RETURNING ${SCORE_COLUMNS}`,
          [input.at, input.actorUserId, input.reason, scoreId],
        );
        const score = scoreRow(updated.rows[0]);
        const row = await recountWeeklyRow(trx, score, input.at);
        await audit(trx, {
          action: 'score.void',
          actorUserId: input.actorUserId,
          target: scoreId,
          reason: input.reason,
          details: { playerName: score.playerName, score: score.score, level: score.level },
        });
        await writeOutbox(trx, events(score));
        return { score, row, changed: true };
      });
    },

    /**
     * Voids every score of a player not voided yet (a deleted account whose owner asked for
     * its scores to go), in the caller's transaction (the event consumer's), and recounts the
     * player's rows of those weeks; locks in voidScore's order (scores, then weekly rows).
     * Answers what it voided and the rows as they are now, for the Redis boards.
     */
    async voidPlayerScores(
      trx: Knex.Transaction,
      playerKey: string,
      input: { reason: string; actorUserId: string; at: Date },
      events: (voided: ScoreRow[]) => OutboxEvent[],
    ): Promise<{ voided: ScoreRow[]; rows: WeeklyRowData[] }> {
      const found = await trx.raw(
        'SELECT week_id FROM scores WHERE player_key = ? AND voided_at IS NULL FOR UPDATE',
        [playerKey],
      );
      const weekIds = [...new Set((found.rows as { week_id: string }[]).map((r) => r.week_id))];
      if (weekIds.length === 0) return { voided: [], rows: [] };
      await trx('weekly_scores')
        .select('id')
        .whereIn('week_id', weekIds)
        .andWhere({ player_key: playerKey })
        .forUpdate();
      const updated = await trx.raw(
        `UPDATE scores SET voided_at = ?, voided_by = ?, void_reason = ?
         WHERE player_key = ? AND voided_at IS NULL RETURNING ${SCORE_COLUMNS}`,
        [input.at, input.actorUserId, input.reason, playerKey],
      );
      const voided = (updated.rows as Record<string, unknown>[]).map(scoreRow);
      const rows: WeeklyRowData[] = [];
      for (const weekId of weekIds) {
        const row = await recountWeeklyRow(trx, { weekId, playerKey }, input.at);
        if (row) rows.push(row);
      }
      await audit(trx, {
        action: 'player.scores_void',
        actorUserId: input.actorUserId,
        target: playerKey,
        reason: input.reason,
        details: { scores: voided.length },
      });
      await writeOutbox(trx, events(voided));
      return { voided, rows };
    },

    async ban(
      input: { playerKey: string; playerName: string; reason: string; actorUserId: string },
      events: OutboxEvent[],
    ): Promise<BanRow> {
      return db.transaction(async (trx) => {
        const { rows } = await trx.raw(
          `INSERT INTO banned_players (player_key, player_name, reason, banned_by)
           VALUES (?, ?, ?, ?)
           ON CONFLICT (player_key) DO UPDATE SET reason = EXCLUDED.reason
           RETURNING *`,
          [input.playerKey, input.playerName, input.reason, input.actorUserId],
        );
        await audit(trx, {
          action: 'player.ban',
          actorUserId: input.actorUserId,
          target: input.playerName,
          reason: input.reason,
        });
        await writeOutbox(trx, events);
        return banRow(rows[0]);
      });
    },

    async unban(
      input: { playerKey: string; playerName: string; actorUserId: string },
      events: OutboxEvent[],
    ): Promise<boolean> {
      return db.transaction(async (trx) => {
        const removed = await trx('banned_players').where({ player_key: input.playerKey }).del();
        if (removed === 0) return false;
        await audit(trx, {
          action: 'player.unban',
          actorUserId: input.actorUserId,
          target: input.playerName,
        });
        await writeOutbox(trx, events);
        return true;
      });
    },

    async bans(): Promise<BanRow[]> {
      return (await db('banned_players').orderBy('created_at', 'desc')).map(banRow);
    },

    async isBanned(playerKey: string): Promise<boolean> {
      return (await db('banned_players').where({ player_key: playerKey }).first()) !== undefined;
    },

    /** Takes every entry off the all-time board under a new reset id (the scores stay). */
    async reset(
      input: { reason: string; actorUserId: string },
      events: OutboxEvent[],
    ): Promise<ResetRow> {
      return db.transaction(async (trx) => {
        // One reset or restore at a time.
        await trx.raw("SELECT pg_advisory_xact_lock(hashtext('scores:all-time-reset'))");
        const [created] = await trx('score_resets')
          .insert({ reason: input.reason, created_by: input.actorUserId })
          .returning('*');
        const removed = await trx('scores')
          .whereNull('reset_id')
          .whereNull('voided_at')
          .update({ reset_id: created.id });
        const [row] = await trx('score_resets')
          .where({ id: created.id })
          .update({ scores_removed: removed })
          .returning('*');
        await audit(trx, {
          action: 'alltime.reset',
          actorUserId: input.actorUserId,
          target: String(created.id),
          reason: input.reason,
          details: { scoresRemoved: removed },
        });
        await writeOutbox(trx, events);
        return resetRow(row);
      });
    },

    async restore(
      resetId: string,
      input: { actorUserId: string; at: Date },
      events: OutboxEvent[],
    ): Promise<{ reset: ResetRow; changed: boolean } | undefined> {
      return db.transaction(async (trx) => {
        await trx.raw("SELECT pg_advisory_xact_lock(hashtext('scores:all-time-reset'))");
        const found = await trx('score_resets').where({ id: resetId }).first();
        if (!found) return undefined;
        if (found.restored_at) return { reset: resetRow(found), changed: false };
        const restored = await trx('scores')
          .where({ reset_id: resetId })
          .update({ reset_id: null });
        const [row] = await trx('score_resets')
          .where({ id: resetId })
          .update({ restored_at: input.at, restored_by: input.actorUserId })
          .returning('*');
        await audit(trx, {
          action: 'alltime.restore',
          actorUserId: input.actorUserId,
          target: resetId,
          details: { scoresRestored: restored },
        });
        await writeOutbox(trx, events);
        return { reset: resetRow(row), changed: true };
      });
    },

    async resets(): Promise<ResetRow[]> {
      return (await db('score_resets').orderBy('created_at', 'desc')).map(resetRow);
    },

    async auditLog(limit: number): Promise<AuditRow[]> {
      const rows = await db('audit_log').orderBy('id', 'desc').limit(limit);
      return rows.map((r: Record<string, unknown>) => ({
        id: String(r.id),
        action: String(r.action),
        actorUserId: String(r.actor_user_id),
        target: String(r.target),
        reason: String(r.reason),
        details: r.details as Record<string, unknown>,
        createdAt: r.created_at as Date,
      }));
    },
  };
}

export type ModerationStore = ReturnType<typeof createModerationStore>;

/**
 * Sets a player's weekly row to what their scores of that week shown on the boards add up to
 * (after one left or came back); the row's version goes up, so Redis takes the new figures.
 * Null when the player has no row that week.
 */
export async function recountWeeklyRow(
  trx: Knex,
  of: { weekId: string; playerKey: string },
  at: Date,
): Promise<WeeklyRowData | null> {
  const { rows } = await trx.raw(
    `UPDATE weekly_scores w SET
       total_score = agg.total, games_played = agg.games, highest_level = agg.level,
       version = w.version + 1, updated_at = ?
     FROM (SELECT coalesce(sum(score), 0) AS total, count(*) AS games,
                  coalesce(max(level), 1) AS level
           FROM scores WHERE week_id = ? AND player_key = ? AND voided_at IS NULL
             AND ${SHOWN}) agg
     WHERE w.week_id = ? AND w.player_key = ?
     RETURNING ${WEEKLY_COLUMNS.split(', ')
       .map((c) => `w.${c}`)
       .join(', ')}`,
    [at, of.weekId, of.playerKey, of.weekId, of.playerKey],
  );
  return rows[0] ? weeklyRow(rows[0]) : null;
}
