import { callerId, requireAdmin, type AsyncServiceOf } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { Sessions, SessionWithFlags } from '../domain/sessions';
import type { FlagRow, FlagSource, SessionRow } from '../store/sessions';

/** Proto ↔ domain. No rules here: they live in domain/. */
const iso = (date: Date | null) => (date ? date.toISOString() : '');

const sourceToProto: Record<FlagSource, sessionsV1.FlagSource> = {
  client: sessionsV1.FlagSource.FLAG_SOURCE_CLIENT,
  server: sessionsV1.FlagSource.FLAG_SOURCE_SERVER,
  admin: sessionsV1.FlagSource.FLAG_SOURCE_ADMIN,
};

function toProtoFlag(flag: FlagRow): sessionsV1.Flag {
  return {
    type: flag.type,
    details: flag.details,
    source: sourceToProto[flag.source],
    createdAt: iso(flag.createdAt),
    adminUserId: flag.adminUserId ?? '',
  };
}

export function toProtoSession({ session, flags }: SessionWithFlags): sessionsV1.Session {
  return {
    id: session.id,
    playerName: session.playerName,
    clientSessionId: session.clientSessionId,
    deviceFingerprint: session.deviceFingerprint,
    ip: session.ip,
    userId: session.userId ?? '',
    totalScore: session.totalScore,
    matchCount: session.matchCount,
    moveCount: session.moveCount,
    averageMoveDuration: session.averageMoveDuration,
    suspicious: session.suspicious,
    flags: flags.map(toProtoFlag),
    createdAt: iso(session.createdAt),
    updatedAt: iso(session.updatedAt),
    endedAt: iso(session.endedAt),
    moveTimestampCount: session.moveTimestampCount,
  };
}

const status = (row: SessionRow) => ({
  id: row.id,
  flagged: row.suspicious,
  endedAt: iso(row.endedAt),
});

export function createSessionHandlers(
  sessions: Sessions,
): AsyncServiceOf<typeof sessionsV1.SessionServiceService> {
  return {
    createSession: async (req, ctx) => {
      const row = await sessions.create({ ...req, userId: callerId(ctx) });
      return { id: row.id, seed: row.seed };
    },
    updateSession: async (req) => status(await sessions.update(req)),
    endSession: async (req) => status(await sessions.end(req.id)),
    getSessionForScoring: async (req) => {
      const row = await sessions.forScoring(req.id);
      return {
        id: row.id,
        seed: row.seed,
        playerName: row.playerName,
        userId: row.userId ?? '',
        createdAt: iso(row.createdAt),
        endedAt: iso(row.endedAt),
        suspicious: row.suspicious,
      };
    },
  };
}

/** Player tracking; the server lets only admins call it. */
export function createSessionAdminHandlers(
  sessions: Sessions,
): AsyncServiceOf<typeof sessionsV1.SessionAdminServiceService> {
  return {
    listSessions: async (req) => {
      const page = await sessions.list(req);
      return { data: page.data.map(toProtoSession), pagination: page.pagination };
    },
    getSession: async (req) => ({ session: toProtoSession(await sessions.get(req.id)) }),
    flagSession: async (req, ctx) => ({
      session: toProtoSession(
        await sessions.flag({ adminId: requireAdmin(ctx).id, id: req.id, reason: req.reason }),
      ),
    }),
  };
}
