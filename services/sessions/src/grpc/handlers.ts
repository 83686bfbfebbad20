import type { AsyncServiceOf } from '@ballmatch/platform';
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
    createdAt: iso(flag.created_at),
    adminUserId: flag.admin_user_id ?? '',
  };
}

export function toProtoSession({ session, flags }: SessionWithFlags): sessionsV1.Session {
  return {
    id: session.id,
    playerName: session.player_name,
    clientSessionId: session.client_session_id,
    deviceFingerprint: session.device_fingerprint,
    ip: session.ip,
    userId: session.user_id ?? '',
    totalScore: session.total_score,
    matchCount: session.match_count,
    moveCount: session.move_count,
    averageMoveDuration: session.average_move_duration,
    suspicious: session.suspicious,
    flags: flags.map(toProtoFlag),
    createdAt: iso(session.created_at),
    updatedAt: iso(session.updated_at),
    endedAt: iso(session.ended_at),
    moveTimestampCount: session.move_timestamp_count,
  };
}

const status = (row: SessionRow): sessionsV1.SessionStatus => ({
  id: row.id,
  flagged: row.suspicious,
  endedAt: iso(row.ended_at),
});

export function sessionHandlers(
  sessions: Sessions,
): AsyncServiceOf<typeof sessionsV1.SessionServiceService> {
  return {
    createSession: async (req) => {
      const row = await sessions.create(req);
      return { id: row.id, seed: row.seed };
    },
    updateSession: async (req) => status(await sessions.update(req)),
    endSession: async (req) => status(await sessions.end(req.id)),
    getSessionForScoring: async (req) => {
      const row = await sessions.forScoring(req.id);
      return {
        id: row.id,
        seed: row.seed,
        playerName: row.player_name,
        userId: row.user_id ?? '',
        createdAt: iso(row.created_at),
        endedAt: iso(row.ended_at),
        suspicious: row.suspicious,
      };
    },
    listSessions: async (req) => {
      const page = await sessions.list(req);
      return { data: page.data.map(toProtoSession), pagination: page.pagination };
    },
    getSession: async (req) => toProtoSession(await sessions.get(req)),
    flagSession: async (req) => toProtoSession(await sessions.flag(req)),
  };
}
