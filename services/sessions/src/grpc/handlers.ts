import {
  AppError,
  callerId,
  gameActionsAnswered,
  requireAdmin,
  requireClientAddress,
  requireUser,
  SESSION_CREDENTIAL_HEADER,
  type AsyncServiceOf,
  type CallContext,
} from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { Analytics } from '../domain/analytics';
import type { Claimant, Games, GameView, PlayerAction } from '../domain/games';
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

/** The session's credential (call metadata) and the signed-in account, if any. */
function claimant(ctx: CallContext): Claimant {
  const credential = ctx.metadata.get(SESSION_CREDENTIAL_HEADER)[0];
  return { credential: typeof credential === 'string' ? credential : '', callerId: callerId(ctx) };
}

export function toProtoGame(view: GameView): sessionsV1.Game {
  return { ...view, level: { ...view.level }, result: view.result ?? '' };
}

function toAction(req: sessionsV1.PlayActionRequest): PlayerAction {
  switch (req.action?.$case) {
    case 'swap': {
      const { from, to } = req.action.value;
      if (!from || !to) {
        throw new AppError('INVALID_ARGUMENT', 'A swap needs from and to cells', {
          field: 'action',
        });
      }
      return { type: 'swap', from, to };
    }
    case 'reset':
      return { type: 'reset' };
    case 'extraMoves':
      return { type: 'extraMoves' };
    case 'end':
      return { type: 'end' };
    default:
      throw new AppError('INVALID_ARGUMENT', 'action is required', { field: 'action' });
  }
}

export function createSessionHandlers(
  sessions: Sessions,
  games: Games,
): AsyncServiceOf<typeof sessionsV1.SessionServiceService> {
  return {
    createSession: async (req, ctx) => {
      const created = await sessions.create({
        ...req,
        clientIp: requireClientAddress(ctx),
        userId: callerId(ctx),
      });
      return {
        id: created.session.id,
        credential: created.credential,
        game: toProtoGame(created.game),
      };
    },
    playAction: async (req, ctx) => {
      const answer = await games
        .play({ id: req.id, seq: req.seq, action: toAction(req), who: claimant(ctx) })
        .catch((error: unknown) => {
          gameActionsAnswered.inc({ transport: 'grpc', outcome: 'error' });
          throw error;
        });
      gameActionsAnswered.inc({ transport: 'grpc', outcome: 'ok' });
      return { ...answer, game: toProtoGame(answer.game), levelUp: answer.levelUp ?? undefined };
    },
    getGame: async (req, ctx) => ({ game: toProtoGame(await games.view(req.id, claimant(ctx))) }),
    resumeGame: async (_req, ctx) => {
      const resumed = await games.resume(requireUser(ctx).id);
      return { ...resumed, game: toProtoGame(resumed.game) };
    },
    updateSession: async (req, ctx) => status(await sessions.update(req, claimant(ctx))),
    endSession: async (req, ctx) => status(await sessions.end(req.id, claimant(ctx))),
    getSessionForScoring: async (req, ctx) => {
      const game = await games.forScoring(req.id, claimant(ctx));
      const ended = game.status === 'ended';
      return {
        id: req.id,
        // The seed of a game still in play never leaves this service, even for scores: with it
        // every draw to come could be read ahead.
        seed: ended ? game.session.seed : '',
        playerName: game.session.playerName,
        userId: game.owner.userId ?? '',
        createdAt: iso(game.session.createdAt),
        endedAt: iso(game.session.endedAt),
        suspicious: game.suspicious,
        finished: ended,
        score: game.score,
        level: game.level,
        moves: game.moves,
        finishedAt: iso(game.finishedAt),
        actionCodes: game.codes,
        actionTimes: game.times,
      };
    },
    listMySessions: async (req, ctx) => {
      const page = await sessions.listMine(requireUser(ctx).id, req);
      return { data: page.data.map(toProtoSession), pagination: page.pagination };
    },
  };
}

/** Player tracking; the server lets only admins call it. */
export function createSessionAdminHandlers(
  sessions: Sessions,
  games: Games,
  analytics: Analytics,
): AsyncServiceOf<typeof sessionsV1.SessionAdminServiceService> {
  return {
    listStarts: async (req) => {
      const rows = await games.startCounts(req);
      return { rows: rows.map((r) => ({ ...r, lastStartedAt: r.lastStartedAt.toISOString() })) };
    },
    listSessions: async (req) => {
      const page = await sessions.list(req);
      return { data: page.data.map(toProtoSession), pagination: page.pagination };
    },
    getSession: async (req) => {
      const session = await sessions.get(req.id);
      const { averageMoveDuration: _, ...timing } = await games.timing(session.session.id);
      return { session: toProtoSession(session), timing };
    },
    flagSession: async (req, ctx) => ({
      session: toProtoSession(
        await sessions.flag({ adminId: requireAdmin(ctx).id, id: req.id, reason: req.reason }),
      ),
    }),
    unflagSession: async (req, ctx) => ({
      session: toProtoSession(
        await sessions.unflag({ adminId: requireAdmin(ctx).id, id: req.id, reason: req.reason }),
      ),
    }),
    getGameAnalytics: async (req) => analytics.forDays(req.from, req.to),
  };
}
