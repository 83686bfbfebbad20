import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { parseBody, requiredText } from '../validation';

/**
 * Player sessions (SPEC 7 'Player sessions'; docs/api.md). Players create and update their
 * game's session; /api/admin/player-sessions* is admin-only (the /admin guard in app.ts) and
 * the sessions service checks the caller again.
 */

const FLAG_SOURCES: Record<sessionsV1.FlagSource, string> = {
  [sessionsV1.FlagSource.FLAG_SOURCE_UNSPECIFIED]: 'unknown',
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
      source: FLAG_SOURCES[f.source],
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A required non-negative number with messages that name it (bounds as the service's). */
function numberField(field: string, max: number, options: { whole?: boolean } = {}) {
  const range = options.whole
    ? `${field} must be a whole number from 0 to ${max}`
    : `${field} must be a number of milliseconds from 0 to ${max}`;
  const base = z.number({
    error: (issue) => (issue.input === undefined ? `${field} is required` : range),
  });
  return (options.whole ? base.int({ error: range }) : base)
    .min(0, { error: range })
    .max(max, { error: range });
}

const TIMESTAMP_RULE = 'moveTimestamps must be times in milliseconds (non-negative numbers)';
const timestamp = z
  .number({ error: TIMESTAMP_RULE })
  .min(0, { error: TIMESTAMP_RULE })
  .max(8.64e15, { error: TIMESTAMP_RULE });

const createBody = z.object({
  playerName: requiredText('playerName', 200),
  sessionId: requiredText('sessionId', 100).regex(UUID, { error: 'sessionId must be a UUID' }),
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

const updateBody = z.object({
  totalScore: numberField('totalScore', 1e12, { whole: true }),
  matchCount: numberField('matchCount', 10_000_000, { whole: true }),
  moveCount: numberField('moveCount', 10_000_000, { whole: true }),
  averageMoveDuration: numberField('averageMoveDuration', 86_400_000),
  playerName: requiredText('playerName', 200),
  moveTimestamps: z
    .array(timestamp, {
      error: 'moveTimestamps must be a list of numbers',
    })
    .max(1000, { error: 'moveTimestamps must hold at most 1000 entries per update' })
    .optional(),
  suspiciousFlags: z
    .array(clientFlag, { error: 'suspiciousFlags must be a list of {type, details}' })
    .max(10, { error: 'suspiciousFlags must hold at most 10 entries' })
    .optional(),
  endingSession: z.boolean({ error: 'endingSession must be true or false' }).optional(),
});

const flagBody = z.object({ reason: requiredText('reason', 500) });

const positiveInt = (field: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `${field} must be a whole number` })
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), {
      error:
        max === undefined
          ? `${field} must be a whole number of at least 1`
          : `${field} must be a whole number from 1 to ${max}`,
    })
    .optional();

const pageQuery = z.object({ page: positiveInt('page'), limit: positiveInt('limit', 100) });

/** ?page=1&page=2 counts as its first value; anything not a string as absent. */
function first(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

function parseQuery(req: Request) {
  const raw = { page: first(req.query.page), limit: first(req.query.limit) };
  const result = pageQuery.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new AppError('INVALID_ARGUMENT', issue.message, { field: String(issue.path[0]) });
  }
  return { page: result.data.page ?? 1, limit: result.data.limit ?? 20 };
}

function sessionIdParam(req: Request): string {
  const id = String(req.params.id ?? '');
  if (!UUID.test(id))
    throw new AppError('INVALID_ARGUMENT', 'id must be a session id (UUID)', { field: 'id' });
  return id;
}

export function sessionRoutes(deps: GatewayDeps): Router {
  const { sessions, sessionAdmin } = deps;
  const router = Router();

  router.post('/player-sessions', async (req, res) => {
    const body = parseBody(createBody, req.body);
    const created = await sessions.createSession({
      playerName: body.playerName,
      clientSessionId: body.sessionId,
      deviceFingerprint: body.deviceFingerprint,
      clientIp: req.ip ?? '',
    });
    res.json({ id: created.id, seed: created.seed });
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

  router.get('/admin/player-sessions', async (req, res) => {
    res.json(await listPage(req, {}));
  });

  router.get('/admin/player-sessions/suspicious', async (req, res) => {
    res.json(await listPage(req, { suspiciousOnly: true }));
  });

  router.get('/admin/player-sessions/player/:name', async (req, res) => {
    const name = String(req.params.name ?? '').trim();
    if (name === '' || name.length > 20) {
      throw new AppError('INVALID_ARGUMENT', 'name must be a player name of 1-20 characters', {
        field: 'name',
      });
    }
    res.json(await listPage(req, { playerName: name }));
  });

  router.get('/admin/player-sessions/ip/:ip', async (req, res) => {
    res.json(await listPage(req, { ip: String(req.params.ip ?? '') }));
  });

  router.get('/admin/player-sessions/:id', async (req, res) => {
    const { session } = await sessionAdmin.getSession({ id: sessionIdParam(req) });
    res.json(sessionJson(session!));
  });

  router.post('/admin/player-sessions/:id/flag', async (req, res) => {
    const id = sessionIdParam(req);
    const body = parseBody(flagBody, req.body);
    const { session } = await sessionAdmin.flagSession({ id, reason: body.reason });
    res.json(sessionJson(session!));
  });

  return router;
}
