import {
  AppError,
  isUuid,
  type ConsumedEvent,
  type Knex,
  type OutboxEvent,
} from '@ballmatch/platform';
import { decodeEvent } from '@ballmatch/proto';
import { ALL_TIME, seasonBoard, weekBoard, type Board } from '../store/boards';
import type { BanRow, ModerationStore, ResetRow } from '../store/moderation';
import type { ScoreRow } from '../store/rows';
import { adminListLimit } from './limits';
import type { ScoreStore } from '../store/scores';
import type { BoardWriterDeps } from './board-repairs';
import { leaderboardUpdated } from './events';
import { accountKey, keyOfName, parseNameToFind, type NameLookup } from './player-name';

const MAX_REASON = 500;

/** The void reason (and audit entry) of scores removed with their deleted account. */
export const ACCOUNT_DELETED_REASON = 'Removed with the account, at the player’s request';

/** One leaderboard.updated per board these scores leave (their weeks, all-time, seasons). */
function voidEvents(voided: ScoreRow[], at: Date): OutboxEvent[] {
  const events = new Map<string, OutboxEvent>();
  const add = (board: 'weekly' | 'all-time' | 'seasonal', id: string | null, name: string) => {
    const key = `${board}:${id}`;
    if (!events.has(key)) events.set(key, leaderboardUpdated(board, id, name, at));
  };
  for (const score of voided) {
    add('weekly', score.weekId, score.playerName);
    if (!score.resetId) add('all-time', null, score.playerName);
    if (score.seasonId) add('seasonal', score.seasonId, score.playerName);
  }
  return [...events.values()];
}

/** An admin's reason: trimmed, 1-500 characters (optional when `required` is false). */
export function reasonOf(raw: string, required = true): string {
  const reason = raw.trim();
  if (required && !reason) {
    throw new AppError('INVALID_ARGUMENT', 'A reason is required', { field: 'reason' });
  }
  if (reason.length > MAX_REASON) {
    throw new AppError('INVALID_ARGUMENT', `The reason is too long (at most ${MAX_REASON})`, {
      field: 'reason',
    });
  }
  // Newlines and tabs are fine in a note; other control characters (NUL: PostgreSQL refuses
  // it) are not.
  if (/[^\P{Cc}\n\t]/u.test(reason)) {
    throw new AppError('INVALID_ARGUMENT', 'The reason must not contain control characters', {
      field: 'reason',
    });
  }
  return reason;
}

/**
 * Voids, bans and all-time resets. PostgreSQL changes first (with the audit entry and the
 * events, in one transaction); then the Redis boards follow: entries removed or re-added one by
 * one, or the board dropped to be rebuilt. If Redis fails there, the affected boards are dropped
 * once Redis answers (board-repairs.ts) and rebuild from PostgreSQL on their next read.
 */
export function createModeration(
  deps: BoardWriterDeps & {
    moderation: ModerationStore;
    scores: ScoreStore;
    /** Who owns a name (account-names.ts): a ban of a registered player's name bans the account. */
    names: NameLookup;
  },
) {
  const { boards, scores, weeks, seasons, now, logger } = deps;

  /**
   * The player a ban by name is about: the account that owns the name (every name it plays
   * under), else the guest player of it and its look-alikes (made now if nobody played under
   * them yet, so the ban holds for whoever comes).
   */
  async function playerOf(rawName: string) {
    const name = parseNameToFind(rawName);
    const owner = await deps.names(name);
    return { name: name.name, key: await keyOfName(name, owner, scores.guestKeyOf) };
  }

  async function afterCommit(what: string, update: () => Promise<void>, owed: Board[]) {
    try {
      await update();
      await boards.bumpGeneration();
    } catch (error) {
      logger.warn({ err: error, what }, 'Redis boards not updated; dropping them to rebuild');
      await deps.repairs.owe(owed);
    } finally {
      deps.changed();
      deps.wake();
    }
  }

  /** Every board a player's entries are on, as (board, entries) pairs. */
  async function playerBoards(scoresOf: ScoreRow[]) {
    const bySeason = new Map<string, ScoreRow[]>();
    for (const s of scoresOf) {
      if (s.seasonId) bySeason.set(s.seasonId, [...(bySeason.get(s.seasonId) ?? []), s]);
    }
    const seasonal = [];
    for (const [id, entries] of bySeason) {
      const season = await seasons.byId(id);
      if (season) seasonal.push({ board: seasonBoard(season), entries });
    }
    return { allTime: scoresOf.filter((s) => !s.resetId), seasonal };
  }

  /** One leaderboard.updated per board the player is on. */
  async function boardEvents(key: string, name: string): Promise<OutboxEvent[]> {
    const at = now();
    const entries = await scores.ofPlayer(key);
    const rows = await scores.weekRowsOfPlayer(key);
    const seasonIds = new Set(entries.flatMap((e) => (e.seasonId ? [e.seasonId] : [])));
    return [
      leaderboardUpdated('all-time', null, name, at),
      ...rows.map((row) => leaderboardUpdated('weekly', row.weekId, name, at)),
      ...[...seasonIds].map((id) => leaderboardUpdated('seasonal', id, name, at)),
    ];
  }

  return {
    async voidScore(scoreId: string, rawReason: string, actorUserId: string) {
      const reason = reasonOf(rawReason);
      const at = now();
      const result = isUuid(scoreId)
        ? await deps.moderation.voidScore(scoreId, { reason, actorUserId, at }, (score) =>
            voidEvents([score], at),
          )
        : undefined;
      if (!result) throw new AppError('NOT_FOUND', 'Score not found');
      const { score, row } = result;
      if (result.changed) {
        const week = (await weeks.byId(score.weekId))!;
        const season = score.seasonId ? await seasons.byId(score.seasonId) : undefined;
        const seasonal = season ? seasonBoard(season) : null;
        await afterCommit(
          'void',
          async () => {
            await boards.removeScores(ALL_TIME, [score]);
            if (seasonal) await boards.removeScores(seasonal, [score]);
            if (row && row.gamesPlayed > 0)
              await boards.putWeeklyRows(weekBoard(week), [row], true);
            else await boards.removeWeeklyRows(weekBoard(week), [score.playerKey]);
          },
          [ALL_TIME, weekBoard(week), ...(seasonal ? [seasonal] : [])],
        );
      }
      return { score, voidedAt: score.voidedAt!, reason: score.voidReason ?? reason };
    },

    /**
     * `user.deleted`, in the event consumer's transaction: when the player asked for it, every
     * score of the account is voided (audited as the player's own act) and, after the commit,
     * leaves the Redis boards. A repeated event finds nothing left to void.
     */
    async accountDeleted(trx: Knex.Transaction, event: ConsumedEvent) {
      const deleted = decodeEvent('userDeleted', event.payload);
      if (!deleted?.removeScores || !isUuid(deleted.userId)) return undefined;
      const at = now();
      const key = accountKey(deleted.userId);
      const { voided, rows } = await deps.moderation.voidPlayerScores(
        trx,
        key,
        { reason: ACCOUNT_DELETED_REASON, actorUserId: deleted.userId, at },
        (scoresVoided) => voidEvents(scoresVoided, at),
      );
      if (voided.length === 0) return undefined;
      return async () => {
        const { allTime, seasonal } = await playerBoards(voided);
        const weekly = await Promise.all(
          [...new Set(voided.map((s) => s.weekId))].map(async (weekId) => ({
            board: weekBoard((await weeks.byId(weekId))!),
            row: rows.find((r) => r.weekId === weekId),
          })),
        );
        await afterCommit(
          'account deleted',
          async () => {
            await boards.removeScores(ALL_TIME, allTime);
            for (const s of seasonal) await boards.removeScores(s.board, s.entries);
            for (const w of weekly) {
              if (w.row && w.row.gamesPlayed > 0)
                await boards.putWeeklyRows(w.board, [w.row], true);
              else await boards.removeWeeklyRows(w.board, [key]);
            }
          },
          [ALL_TIME, ...seasonal.map((s) => s.board), ...weekly.map((w) => w.board)],
        );
      };
    },

    async ban(rawName: string, rawReason: string, actorUserId: string): Promise<BanRow> {
      const { name, key } = await playerOf(rawName);
      const reason = reasonOf(rawReason);
      const ban = await deps.moderation.ban(
        { playerKey: key, playerName: name, reason, actorUserId },
        await boardEvents(key, name),
      );
      // Read after the commit: no new score of this name can be stored any more.
      const entries = await scores.ofPlayer(key);
      const rows = await scores.weekRowsOfPlayer(key);
      const { allTime, seasonal } = await playerBoards(entries);
      const weekBoards = await Promise.all(
        rows.map(async (row) => weekBoard((await weeks.byId(row.weekId))!)),
      );
      await afterCommit(
        'ban',
        async () => {
          await boards.removeScores(ALL_TIME, allTime);
          for (const s of seasonal) await boards.removeScores(s.board, s.entries);
          for (const board of weekBoards) await boards.removeWeeklyRows(board, [key]);
        },
        [ALL_TIME, ...seasonal.map((s) => s.board), ...weekBoards],
      );
      return ban;
    },

    async unban(rawName: string, actorUserId: string): Promise<void> {
      const { name, key } = await playerOf(rawName);
      const removed = await deps.moderation.unban(
        { playerKey: key, playerName: name, actorUserId },
        await boardEvents(key, name),
      );
      if (!removed) throw new AppError('NOT_FOUND', 'That player name is not banned');
      const entries = await scores.ofPlayer(key);
      const rows = await scores.weekRowsOfPlayer(key);
      const { allTime, seasonal } = await playerBoards(entries);
      const weekly = await Promise.all(
        rows.map(async (row) => ({ board: weekBoard((await weeks.byId(row.weekId))!), row })),
      );
      await afterCommit(
        'unban',
        async () => {
          await boards.addScores(ALL_TIME, allTime);
          for (const s of seasonal) await boards.addScores(s.board, s.entries);
          for (const w of weekly) await boards.putWeeklyRows(w.board, [w.row]);
        },
        [ALL_TIME, ...seasonal.map((s) => s.board), ...weekly.map((w) => w.board)],
      );
    },

    bans: () => deps.moderation.bans(),

    async reset(rawReason: string, actorUserId: string): Promise<ResetRow> {
      const reason = reasonOf(rawReason, false) || 'All-time leaderboard reset';
      const reset = await deps.moderation.reset({ reason, actorUserId }, [
        leaderboardUpdated('all-time', null, '', now()),
      ]);
      await afterCommit('reset', () => boards.invalidate(ALL_TIME), [ALL_TIME]);
      return reset;
    },

    async restore(resetId: string, actorUserId: string): Promise<ResetRow> {
      const result = isUuid(resetId)
        ? await deps.moderation.restore(resetId, { actorUserId, at: now() }, [
            leaderboardUpdated('all-time', null, '', now()),
          ])
        : undefined;
      if (!result) throw new AppError('NOT_FOUND', 'Reset not found');
      if (result.changed) {
        await afterCommit('restore', () => boards.invalidate(ALL_TIME), [ALL_TIME]);
      }
      return result.reset;
    },

    resets: () => deps.moderation.resets(),
    auditLog: (limit: number) => deps.moderation.auditLog(adminListLimit(limit)),
  };
}

export type Moderation = ReturnType<typeof createModeration>;
