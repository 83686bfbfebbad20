import { Router, type Request } from 'express';
import { z } from 'zod';
import { checkPlayerNameToFind } from '@ballmatch/engine';
import { AppError, isUuid, parseBody } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import {
  dateRange,
  pageQuery,
  queryValue,
  requiredText,
  uuidParam,
  wireInteger,
  type WireInteger,
} from '../validation';
import { gameOffers } from './ad-serving';
import { gameJson } from './games';

/**
 * Player sessions (docs/api.md, 'Player sessions'). Players create and update their game's
 * session; /api/admin/player-sessions* is admin-only (the /admin guard in app.ts) and the
 * sessions service checks the caller again. This router checks shapes only (types, required
 * fields, formats the wire needs); the bounds and their messages are the service's, and its
 * INVALID_ARGUMENT names the field.
 */

/** The sources the JSON names; any other (the proto's unset 0) shows as 'unknown'. */
const FLAG_SOURCES: Partial<Record<sessionsV1.FlagSource, string>> = {
  [sessionsV1.FlagSource.FLAG_SOURCE_CLIENT]: 'client',
  [sessionsV1.FlagSource.FLAG_SOURCE_SERVER]: 'server',
  [sessionsV1.FlagSource.FLAG_SOURCE_ADMIN]: 'admin',
};

/** The Session JSON of docs/api.md: null, not '', for what is absent. */
export function sessionJson(s: sessionsV1.Session) {
  return {
    id: s.id,
    playerName: s.playerName,
    clientSessionId: s.clientSessionId,
    deviceFingerprint: s.deviceFingerprint,
    ip: s.ip,
    userId: s.userId || null,
    totalScore: s.totalScore,
    matchCount: s.matchCount,
    moveCount: s.moveCount,
    averageMoveDuration: s.averageMoveDuration,
    suspicious: s.suspicious,
    flags: s.flags.map((f) => ({
      type: f.type,
      details: f.details,
      source: FLAG_SOURCES[f.source] ?? 'unknown',
      createdAt: f.createdAt,
    })),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
    endedAt: s.endedAt || null,
  };
}

const statusJson = (s: sessionsV1.UpdateSessionResponse) => ({
  id: s.id,
  flagged: s.flagged,
  endedAt: s.endedAt || null,
});

/**
 * A required number as its proto field carries it: any number for a double, a whole number
 * that fits for an integer (the wire refuses anything else). Its bounds are the service's.
 */
function numberField(field: string, wire: 'double' | WireInteger) {
  if (wire !== 'double') return wireInteger(field, wire);
  return z.number({
    error: (issue) =>
      issue.input === undefined ? `${field} is required` : `${field} must be a number`,
  });
}

const createBody = z.object({
  playerName: requiredText('playerName', 200),
  sessionId: requiredText('sessionId', 100).refine(isUuid, { error: 'sessionId must be a UUID' }),
  deviceFingerprint: requiredText('deviceFingerprint', 200),
});

// Client flags: details may be text or any JSON value (kept as its JSON text).
const clientFlag = z.object(
  {
    type: requiredText('suspiciousFlags type', 50),
    details: z
      .unknown()
      .transform((d) => (d === undefined ? '' : typeof d === 'string' ? d : JSON.stringify(d))),
  },
  { error: 'suspiciousFlags must be a list of {type, details}' },
);

const TIMESTAMPS_TYPE = 'moveTimestamps must be a list of numbers';

const updateBody = z.object({
  totalScore: numberField('totalScore', 'int64'),
  matchCount: numberField('matchCount', 'int32'),
  moveCount: numberField('moveCount', 'int32'),
  averageMoveDuration: numberField('averageMoveDuration', 'double'),
  playerName: requiredText('playerName', 200),
  moveTimestamps: z
    .array(z.number({ error: TIMESTAMPS_TYPE }), { error: TIMESTAMPS_TYPE })
    .optional(),
  suspiciousFlags: z
    .array(clientFlag, { error: 'suspiciousFlags must be a list of {type, details}' })
    .optional(),
  endingSession: z.boolean({ error: 'endingSession must be true or false' }).optional(),
});

const flagBody = z.object({ reason: requiredText('reason') });

const parseQuery = (req: Request) => pageQuery(req.query as Record<string, unknown>);

const sessionIdParam = (req: Request) => uuidParam(req.params.id, 'id', 'a session id');
const flagActions = { flag: 'flagSession', unflag: 'unflagSession' } as const;

export function sessionRoutes(deps: GatewayDeps): Router {
  const { sessions, sessionAdmin } = deps;
  const router = Router();

  router.post('/player-sessions', async (req, res) => {
    const body = parseBody(createBody, req.body);
    const created = await sessions.createSession({
      playerName: body.playerName,
      clientSessionId: body.sessionId,
      deviceFingerprint: body.deviceFingerprint,
    });
    res.json({
      id: created.id,
      credential: created.credential,
      game: gameJson(created.game),
      offers: await gameOffers(deps, req, created.id),
    });
  });

  router.patch('/player-sessions/:id', async (req, res) => {
    const id = sessionIdParam(req);
    const body = parseBody(updateBody, req.body);
    const status = await sessions.updateSession({
      id,
      playerName: body.playerName,
      totalScore: body.totalScore,
      matchCount: body.matchCount,
      moveCount: body.moveCount,
      averageMoveDuration: body.averageMoveDuration,
      moveTimestamps: body.moveTimestamps ?? [],
      suspiciousFlags: body.suspiciousFlags ?? [],
      endingSession: body.endingSession ?? false,
    });
    res.json(statusJson(status));
  });

  router.post('/player-sessions/:id/end', async (req, res) => {
    res.json(statusJson(await sessions.endSession({ id: sessionIdParam(req) })));
  });

  async function listPage(
    req: Request,
    filter: { suspiciousOnly?: boolean; playerName?: string; ip?: string },
  ) {
    const page = await sessionAdmin.listSessions({
      suspiciousOnly: filter.suspiciousOnly ?? false,
      playerName: filter.playerName ?? '',
      ip: filter.ip ?? '',
      ...parseQuery(req),
    });
    return { data: page.data.map(sessionJson), pagination: page.pagination };
  }

  // Seed shopping shows as many starts and few finishes (player tracking).
  router.get('/admin/player-sessions/starts', async (req, res) => {
    const { rows } = await sessionAdmin.listStarts({
      by: queryValue(req.query.by) ?? 'player',
      since: queryValue(req.query.since) ?? '',
      limit: parseQuery(req).limit,
    });
    res.json(rows);
  });

  router.get('/admin/player-sessions', async (req, res) => {
    res.json(await listPage(req, {}));
  });

  router.get('/admin/player-sessions/suspicious', async (req, res) => {
    res.json(await listPage(req, { suspiciousOnly: true }));
  });

  router.get('/admin/player-sessions/player/:name', async (req, res) => {
    // The engine's finding rule (an older name an admin searches for is found), checked here so
    // the refusal names this path's `name`.
    const name = checkPlayerNameToFind(String(req.params.name ?? ''));
    if (!name.ok) throw new AppError('INVALID_ARGUMENT', name.message, { field: 'name' });
    res.json(await listPage(req, { playerName: name.name }));
  });

  router.get('/admin/player-sessions/ip/:ip', async (req, res) => {
    res.json(await listPage(req, { ip: String(req.params.ip ?? '') }));
  });

  // The session with the server's timing analysis of its game.
  router.get('/admin/player-sessions/:id', async (req, res) => {
    const { session, timing } = await sessionAdmin.getSession({ id: sessionIdParam(req) });
    res.json({ ...sessionJson(session!), timing });
  });

  for (const [action, method] of Object.entries(flagActions)) {
    router.post(`/admin/player-sessions/:id/${action}`, async (req, res) => {
      const id = sessionIdParam(req);
      const body = parseBody(flagBody, req.body);
      const { session } = await sessionAdmin[method]({ id, reason: body.reason });
      res.json(sessionJson(session!));
    });
  }

  router.get('/admin/game-analytics', async (req, res) => {
    res.json(await sessionAdmin.getGameAnalytics(dateRange(req.query)));
  });

  return router;
}
