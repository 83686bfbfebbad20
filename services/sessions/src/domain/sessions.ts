import { createHash, randomBytes } from 'node:crypto';
import { checkPlayerNameToFind } from '@ballmatch/engine';
import { AppError, isUuid, pageAnswer, pageOf, type Page } from '@ballmatch/platform';
import type { FlagRow, Figures, SessionFilter, SessionRow, SessionStore } from '../store/sessions';
import {
  checkClientFlags,
  checkClientSessionId,
  checkFingerprint,
  checkReason,
  checkTimestamps,
  checkUserId,
  duration,
  LIMITS,
  normalizeIp,
  normalizePlayerName,
  PAGE_LIMIT,
  wholeNumber,
  type ClientFlagInput,
} from './rules';
import { ADMIN_FLAG_TYPE, ADMIN_UNFLAG_TYPE, raiseFlag } from './flags';
import type { Claimant, GameView, Games } from './games';

export interface SessionWithFlags {
  session: SessionRow;
  flags: FlagRow[];
}

export interface SessionDeps {
  store: SessionStore;
  /** The ranked game each session holds. */
  games: Games;
  /** Told after a commit that wrote events to the outbox (wakes the relay). */
  onEventsWritten(): void;
}

export interface UpdateInput {
  id: string;
  playerName: string;
  totalScore: number;
  matchCount: number;
  moveCount: number;
  averageMoveDuration: number;
  moveTimestamps: number[];
  suspiciousFlags: ClientFlagInput[];
  endingSession: boolean;
}

const notFound = () => new AppError('NOT_FOUND', 'Session not found');
const ended = () => new AppError('FAILED_PRECONDITION', 'Session has ended');

/** 128 random bits from the OS's CSPRNG: the engine's createGame(seed). */
export const newSeed = () => randomBytes(16).toString('hex');

/**
 * The same request, byte for byte after validation, has the same digest. The text hashed keeps
 * the layout the stored digests were taken of (figures under their column names), so a retry
 * that arrives after a deploy is still recognised.
 */
function digestOf(update: {
  figures: Figures;
  timestamps: number[];
  clientFlags: ClientFlagInput[];
  end: boolean;
}): string {
  const { figures: f, ...rest } = update;
  const figures = {
    player_name: f.playerName,
    total_score: f.totalScore,
    match_count: f.matchCount,
    move_count: f.moveCount,
    average_move_duration: f.averageMoveDuration,
  };
  return createHash('sha256')
    .update(JSON.stringify({ figures, ...rest }))
    .digest('hex');
}

export function createSessions(deps: SessionDeps) {
  const { store } = deps;

  async function withFlags(rows: SessionRow[]): Promise<SessionWithFlags[]> {
    const flags = await store.flagsOf(rows.map((r) => r.id));
    return rows.map((session) => ({
      session,
      flags: flags.filter((f) => f.sessionId === session.id),
    }));
  }

  /** One page of sessions, newest first, with their flags and the page's figures. */
  async function listPage(filter: SessionFilter, page: Page) {
    const { rows, total } = await store.list(filter, page);
    return pageAnswer(page, total, await withFlags(rows));
  }

  async function found(id: string): Promise<SessionRow> {
    const row = isUuid(id) ? await store.byId(id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    /** A session and its ranked game, in one transaction, if this player may start one. */
    async create(input: {
      playerName: string;
      clientSessionId: string;
      deviceFingerprint: string;
      clientIp: string;
      userId: string;
    }): Promise<{ session: SessionRow; credential: string; game: GameView }> {
      const fields = {
        seed: newSeed(),
        playerName: normalizePlayerName(input.playerName),
        clientSessionId: checkClientSessionId(input.clientSessionId),
        deviceFingerprint: checkFingerprint(input.deviceFingerprint),
        ip: normalizeIp(input.clientIp, 'clientIp'),
        userId: checkUserId(input.userId),
      };
      await deps.games.checkStarts(fields);
      return store.transaction(async (trx) => {
        const session = await store.insert(fields, trx);
        return { session, ...(await deps.games.start(trx, session)) };
      });
    },

    /**
     * Figures, timestamps, client flags, end. Idempotent: an update seen before (a retry or a
     * double click, whenever it arrives) changes nothing and answers the session's state.
     * Figures older than those stored (a late retry) are not applied over newer ones.
     */
    async update(input: UpdateInput, who: Claimant): Promise<SessionRow> {
      const figures: Figures = {
        playerName: normalizePlayerName(input.playerName),
        totalScore: wholeNumber(input.totalScore, 'totalScore', LIMITS.scoreMax),
        matchCount: wholeNumber(input.matchCount, 'matchCount', LIMITS.countMax),
        moveCount: wholeNumber(input.moveCount, 'moveCount', LIMITS.countMax),
        averageMoveDuration: duration(input.averageMoveDuration, 'averageMoveDuration'),
      };
      const timestamps = checkTimestamps(input.moveTimestamps);
      const clientFlags = checkClientFlags(input.suspiciousFlags);
      if (!isUuid(input.id)) throw notFound();
      await deps.games.assertOwner(input.id, who);
      const digest = digestOf({ figures, timestamps, clientFlags, end: input.endingSession });

      const updated = await store.transaction(async (trx) => {
        const row = await store.lock(trx, input.id);
        if (!row) throw notFound();
        if (await store.hasUpdate(trx, row.id, digest)) return row;
        if (row.endedAt) {
          if (input.endingSession) return row;
          throw ended();
        }
        if (row.moveTimestampCount + timestamps.length > LIMITS.timestampsPerSession) {
          throw new AppError(
            'FAILED_PRECONDITION',
            `A session keeps at most ${LIMITS.timestampsPerSession} move timestamps`,
            { field: 'moveTimestamps' },
          );
        }
        if (row.updateCount >= LIMITS.updatesPerSession) {
          throw new AppError(
            'FAILED_PRECONDITION',
            `A session takes at most ${LIMITS.updatesPerSession} updates`,
          );
        }
        await store.recordUpdate(trx, row.id, digest);
        // The page's move times are kept for player tracking and judge nothing: the timing
        // verdict is the server's, on the times it received the game's actions (docs/api.md
        // 'Move timing'), given when the game ends.
        const applied = await store.applyUpdate(trx, row.id, {
          figures: figures.moveCount >= row.moveCount ? figures : null,
          timestamps,
          end: input.endingSession,
        });
        await store.addFlags(
          trx,
          clientFlags.map((flag) => ({
            sessionId: row.id,
            source: 'client' as const,
            type: flag.type,
            details: flag.details,
            adminUserId: null,
          })),
        );
        return applied;
      });
      // The player stopped: the game ends where it stands, like POST …/end.
      if (input.endingSession) await deps.games.stop(input.id, who);
      return updated;
    },

    /** Ends the session and its game; ending it again answers the first end. */
    async end(id: string, who: Claimant): Promise<SessionRow> {
      if (!isUuid(id)) throw notFound();
      await deps.games.stop(id, who);
      return store.transaction(async (trx) => {
        const row = await store.lock(trx, id);
        if (!row) throw notFound();
        return row.endedAt ? row : store.end(trx, id);
      });
    },

    forScoring: found,

    /** Player tracking (admin only: the gRPC server lets no one else call it). */
    async list(input: {
      suspiciousOnly: boolean;
      playerName: string;
      ip: string;
      page: number;
      limit: number;
    }) {
      const page = pageOf(input, PAGE_LIMIT);
      const filter: SessionFilter = {
        suspiciousOnly: input.suspiciousOnly,
        playerName:
          input.playerName === ''
            ? null
            : normalizePlayerName(input.playerName, 'playerName', checkPlayerNameToFind),
        ip: input.ip === '' ? null : normalizeIp(input.ip),
      };
      return listPage(filter, page);
    },

    /** A signed-in player's own sessions (their data export), newest first. */
    async listMine(userId: string, input: { page: number; limit: number }) {
      const page = pageOf(input, PAGE_LIMIT);
      return listPage({ suspiciousOnly: false, playerName: null, ip: null, userId }, page);
    },

    async get(id: string): Promise<SessionWithFlags> {
      const [one] = await withFlags([await found(id)]);
      return one!;
    },

    /** An admin's flag makes the session suspicious; the same reason twice is one flag. */
    async flag(input: { adminId: string; id: string; reason: string }): Promise<SessionWithFlags> {
      const reason = checkReason(input.reason);
      if (!isUuid(input.id)) throw notFound();
      const outcome = await store.transaction(async (trx) => {
        const row = await store.lock(trx, input.id);
        if (!row) throw notFound();
        return raiseFlag(store, trx, row, {
          sessionId: row.id,
          source: 'admin',
          type: ADMIN_FLAG_TYPE,
          details: reason,
          adminUserId: input.adminId,
        });
      });
      if (outcome.flagged) deps.onEventsWritten();
      const [one] = await withFlags([outcome.row]);
      return one!;
    },

    /**
     * An admin takes a suspicious session off the list, saying why (kept as an `ADMIN_UNFLAG`
     * flag). A session that is not suspicious is answered as it is. Scores already held stay
     * held: they are cleared or rejected in the scores service's review.
     */
    async unflag(input: {
      adminId: string;
      id: string;
      reason: string;
    }): Promise<SessionWithFlags> {
      const reason = checkReason(input.reason);
      if (!isUuid(input.id)) throw notFound();
      const row = await store.transaction(async (trx) => {
        const locked = await store.lock(trx, input.id);
        if (!locked) throw notFound();
        if (!locked.suspicious) return locked;
        await store.addFlags(trx, [
          {
            sessionId: locked.id,
            source: 'admin',
            type: ADMIN_UNFLAG_TYPE,
            details: reason,
            adminUserId: input.adminId,
          },
        ]);
        return store.setSuspicious(trx, locked.id, false);
      });
      const [one] = await withFlags([row]);
      return one!;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
