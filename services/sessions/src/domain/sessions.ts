import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '@ballmatch/platform';
import type {
  FlagRow,
  FlagSource,
  SessionFilter,
  SessionRow,
  SessionStore,
} from '../store/sessions';
import {
  checkClientFlags,
  checkClientSessionId,
  checkFingerprint,
  checkReason,
  checkTimestamps,
  checkUserId,
  duration,
  isUuid,
  LIMITS,
  normalizeIp,
  normalizePlayerName,
  pageArgs,
  requireAdmin,
  wholeNumber,
  type ClientFlagInput,
} from './rules';
import { flaggedEvent } from '../events';
import { judgeTiming } from './timing';

export const ADMIN_FLAG_TYPE = 'ADMIN_FLAG';
export const TIMING_FLAG_TYPE = 'SUSPICIOUS_TIMING';

export interface SessionWithFlags {
  session: SessionRow;
  flags: FlagRow[];
}

export interface SessionDeps {
  store: SessionStore;
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

/** The same request, byte for byte after validation, has the same digest. */
function digestOf(update: object): string {
  return createHash('sha256').update(JSON.stringify(update)).digest('hex');
}

export function sessions(deps: SessionDeps) {
  const { store } = deps;

  async function withFlags(rows: SessionRow[]): Promise<SessionWithFlags[]> {
    const flags = await store.flagsOf(rows.map((r) => r.id));
    return rows.map((session) => ({
      session,
      flags: flags.filter((f) => f.session_id === session.id),
    }));
  }

  async function found(id: string): Promise<SessionRow> {
    const row = isUuid(id) ? await store.byId(id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  return {
    async create(input: {
      playerName: string;
      clientSessionId: string;
      deviceFingerprint: string;
      clientIp: string;
      userId: string;
    }): Promise<SessionRow> {
      return store.insert({
        seed: newSeed(),
        player_name: normalizePlayerName(input.playerName),
        client_session_id: checkClientSessionId(input.clientSessionId),
        device_fingerprint: checkFingerprint(input.deviceFingerprint),
        ip: normalizeIp(input.clientIp, 'clientIp'),
        user_id: checkUserId(input.userId),
      });
    },

    /**
     * Figures, timestamps, client flags, end. Idempotent: an update seen before (a retry or a
     * double click, whenever it arrives) changes nothing and answers the session's state.
     * Figures older than those stored (a late retry) are not applied over newer ones.
     */
    async update(input: UpdateInput): Promise<SessionRow> {
      const figures = {
        player_name: normalizePlayerName(input.playerName),
        total_score: wholeNumber(input.totalScore, 'totalScore', LIMITS.scoreMax),
        match_count: wholeNumber(input.matchCount, 'matchCount', LIMITS.countMax),
        move_count: wholeNumber(input.moveCount, 'moveCount', LIMITS.countMax),
        average_move_duration: duration(input.averageMoveDuration, 'averageMoveDuration'),
      };
      const timestamps = checkTimestamps(input.moveTimestamps);
      const clientFlags = checkClientFlags(input.suspiciousFlags);
      if (!isUuid(input.id)) throw notFound();
      const digest = digestOf({ figures, timestamps, clientFlags, end: input.endingSession });

      const outcome = await store.transaction(async (trx) => {
        const row = await store.lock(trx, input.id);
        if (!row) throw notFound();
        if (await store.hasUpdate(trx, row.id, digest)) return { row, flagged: false };
        if (row.ended_at) {
          if (input.endingSession) return { row, flagged: false };
          throw ended();
        }
        if (row.move_timestamp_count + timestamps.length > LIMITS.timestampsPerSession) {
          throw new AppError(
            'FAILED_PRECONDITION',
            `A session keeps at most ${LIMITS.timestampsPerSession} move timestamps`,
            { field: 'moveTimestamps' },
          );
        }
        if (row.update_count >= LIMITS.updatesPerSession) {
          throw new AppError(
            'FAILED_PRECONDITION',
            `A session takes at most ${LIMITS.updatesPerSession} updates`,
          );
        }
        await store.recordUpdate(trx, row.id, digest);

        const needsAnalysis = timestamps.length > 0 && !(await store.hasServerFlag(trx, row.id));
        const applied = await store.applyUpdate(trx, row.id, {
          figures: figures.move_count >= row.move_count ? figures : null,
          timestamps,
          end: input.endingSession,
          returnTimestamps: needsAnalysis,
        });
        await store.addFlags(
          trx,
          clientFlags.map((flag) => ({
            session_id: row.id,
            source: 'client' as FlagSource,
            type: flag.type,
            details: flag.details,
            admin_user_id: null,
          })),
        );

        if (!needsAnalysis) return { row: applied.row, flagged: false };
        const verdict = judgeTiming(applied.timestamps);
        if (!verdict.suspicious) return { row: applied.row, flagged: false };
        const [flag] = await store.addFlags(trx, [
          {
            session_id: row.id,
            source: 'server',
            type: TIMING_FLAG_TYPE,
            details: verdict.details,
            admin_user_id: null,
          },
        ]);
        // Already suspicious (an admin's flag): the server's flag adds detail, no new event.
        if (applied.row.suspicious || !flag) return { row: applied.row, flagged: false };
        const marked = await store.markSuspicious(trx, row.id);
        await store.writeEvents(trx, [flaggedEvent(marked, flag)]);
        return { row: marked, flagged: true };
      });
      if (outcome.flagged) deps.onEventsWritten();
      return outcome.row;
    },

    /** Ends the session; ending it again answers the first end. */
    async end(id: string): Promise<SessionRow> {
      if (!isUuid(id)) throw notFound();
      return store.transaction(async (trx) => {
        const row = await store.lock(trx, id);
        if (!row) throw notFound();
        return row.ended_at ? row : store.end(trx, id);
      });
    },

    forScoring: found,

    async list(input: {
      callerRole: string;
      suspiciousOnly: boolean;
      playerName: string;
      ip: string;
      page: number;
      limit: number;
    }) {
      requireAdmin(input.callerRole);
      const { page, limit } = pageArgs(input.page, input.limit);
      const filter: SessionFilter = {
        suspiciousOnly: input.suspiciousOnly,
        playerName: input.playerName === '' ? null : normalizePlayerName(input.playerName),
        ip: input.ip === '' ? null : normalizeIp(input.ip),
      };
      const { rows, total } = await store.list(filter, { offset: (page - 1) * limit, limit });
      const totalPages = Math.ceil(total / limit);
      return {
        data: await withFlags(rows),
        pagination: {
          currentPage: page,
          totalPages,
          total,
          hasNextPage: page < totalPages,
          hasPrevPage: page > 1,
        },
      };
    },

    async get(input: { callerRole: string; id: string }): Promise<SessionWithFlags> {
      requireAdmin(input.callerRole);
      const [one] = await withFlags([await found(input.id)]);
      return one!;
    },

    /** An admin's flag makes the session suspicious; the same reason twice is one flag. */
    async flag(input: {
      callerRole: string;
      callerUserId: string;
      id: string;
      reason: string;
    }): Promise<SessionWithFlags> {
      requireAdmin(input.callerRole);
      if (!isUuid(input.callerUserId)) {
        throw new AppError('PERMISSION_DENIED', 'Admin access required');
      }
      const reason = checkReason(input.reason);
      if (!isUuid(input.id)) throw notFound();
      const outcome = await store.transaction(async (trx) => {
        const row = await store.lock(trx, input.id);
        if (!row) throw notFound();
        const [flag] = await store.addFlags(trx, [
          {
            session_id: row.id,
            source: 'admin',
            type: ADMIN_FLAG_TYPE,
            details: reason,
            admin_user_id: input.callerUserId.toLowerCase(),
          },
        ]);
        if (row.suspicious || !flag) return { row, flagged: false };
        const marked = await store.markSuspicious(trx, row.id);
        await store.writeEvents(trx, [flaggedEvent(marked, flag)]);
        return { row: marked, flagged: true };
      });
      if (outcome.flagged) deps.onEventsWritten();
      const [one] = await withFlags([outcome.row]);
      return one!;
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
