import { randomUUID } from 'node:crypto';
import { findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import { openGameSocket } from '../../services/sessions/test/game-socket-client';
import { signedInAdmin, signedInPlayer } from './ads-support';
import { client, EMPTY_PAGE, stackPerFile } from './stack';

let admin: ReturnType<typeof client>;
let n = 0;

const newSession = (override: Record<string, unknown> = {}) => {
  n += 1;
  return {
    playerName: `Gw${n}_${process.pid % 1000}`,
    sessionId: randomUUID(),
    deviceFingerprint: 'a'.repeat(50),
    ...override,
  };
};
const figures = (override: Record<string, unknown> = {}) => ({
  totalScore: 150,
  matchCount: 9,
  moveCount: 10,
  averageMoveDuration: 1234.5,
  playerName: 'Ann',
  ...override,
});
const even = (count: number, gap = 400) => Array.from({ length: count }, (_, i) => 1e12 + i * gap);

async function createSession(c = client(stack.url), override: Record<string, unknown> = {}) {
  const res = await c.post('/api/player-sessions', newSession(override));
  expect(res.status).toBe(200);
  const created = res.json as { id: string; credential: string; game: unknown };
  /** The header every later call about this session carries. */
  const owner = { 'x-session-credential': created.credential };
  return { ...created, owner };
}

const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
beforeAll(async () => {
  admin = await signedInAdmin(stack.url);
});

describe('POST /api/player-sessions', () => {
  it('answers {id, credential, game, offers}; stores the client IP and, when signed in, the user', async () => {
    const player = client(stack.url);
    const registered = await player.post('/api/register', {
      username: `sess_player_${process.pid % 1000}`,
      email: `sess${process.pid}@example.com`,
      password: 'a fine long password',
    });
    expect(registered.status).toBe(200);
    const created = await createSession(player);
    expect(Object.keys(created).sort()).toEqual(['credential', 'game', 'id', 'offers', 'owner']);
    expect(created.credential).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.game).toMatchObject({ seq: 0, score: 0, status: 'active' });

    const stored = await admin.get(`/api/admin/player-sessions/${created.id}`);
    expect(stored.status).toBe(200);
    expect(stored.json).toMatchObject({
      id: created.id,
      ip: '127.0.0.1',
      userId: registered.json.id,
      deviceFingerprint: 'a'.repeat(50),
      suspicious: false,
      flags: [],
      endedAt: null,
    });
    expect(Object.keys(stored.json).sort()).toEqual(
      [
        'id',
        'playerName',
        'clientSessionId',
        'deviceFingerprint',
        'ip',
        'userId',
        'totalScore',
        'matchCount',
        'moveCount',
        'averageMoveDuration',
        'suspicious',
        'flags',
        'createdAt',
        'updatedAt',
        'endedAt',
        // The detail only: the server's timing analysis of the session's game.
        'timing',
      ].sort(),
    );

    const guest = await createSession();
    expect((await admin.get(`/api/admin/player-sessions/${guest.id}`)).json.userId).toBeNull();
  });

  it.each([
    [{ playerName: undefined }, 'playerName', 'playerName is required'],
    [{ playerName: 42 }, 'playerName', 'playerName must be text'],
    [{ playerName: '  ' }, 'playerName', 'Player name is required'],
    [{ playerName: 'x'.repeat(21) }, 'playerName', 'Player name must be at most 20 characters'],
    [{ sessionId: 'page-1' }, 'sessionId', 'sessionId must be a UUID'],
    [{ sessionId: undefined }, 'sessionId', 'sessionId is required'],
    [
      { deviceFingerprint: 'a'.repeat(51) },
      'deviceFingerprint',
      'deviceFingerprint must be at most 50 characters',
    ],
  ])('refuses %j with 400 naming the field', async (override, field, message) => {
    const res = await client(stack.url).post('/api/player-sessions', newSession(override));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await client(stack.url).post('/api/player-sessions', '[1]');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be a JSON object' });
  });
});

describe('PATCH /api/player-sessions/{id}', () => {
  it('stores the figures and answers {id, flagged, endedAt}', async () => {
    const { id, owner } = await createSession();
    const res = await client(stack.url).patch(`/api/player-sessions/${id}`, figures(), owner);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id, flagged: false, endedAt: null });
    const stored = await admin.get(`/api/admin/player-sessions/${id}`);
    expect(stored.json).toMatchObject({
      playerName: 'Ann',
      totalScore: 150,
      matchCount: 9,
      moveCount: 10,
      averageMoveDuration: 1234.5,
    });
  });

  it("the page's move times raise no flag, even 20 ms apart; its own flags are kept as the client's, never trusted", async () => {
    const player = client(stack.url);
    const { id, owner } = await createSession(player);
    const clientFlag = { type: 'SUSPICIOUS_TIMING', details: { fastRatio: 0.5, cv: 0.4 } };
    const first = await player.patch(
      `/api/player-sessions/${id}`,
      { ...figures({ moveCount: 3 }), moveTimestamps: even(3, 20), suspiciousFlags: [clientFlag] },
      owner,
    );
    expect(first.json.flagged).toBe(false);
    const more = await player.patch(
      `/api/player-sessions/${id}`,
      { ...figures({ moveCount: 30 }), moveTimestamps: even(30, 20).slice(3) },
      owner,
    );
    expect(more.json.flagged).toBe(false);

    const stored = await admin.get(`/api/admin/player-sessions/${id}`);
    expect(stored.json.suspicious).toBe(false);
    expect(stored.json.flags).toEqual([
      {
        type: 'SUSPICIOUS_TIMING',
        details: '{"fastRatio":0.5,"cv":0.4}',
        source: 'client',
        createdAt: expect.any(String),
      },
    ]);
    // The end judges the game's own times (none here): still nothing held against it.
    const ended = await player.post(`/api/player-sessions/${id}/end`, undefined, owner);
    expect(ended.json).toMatchObject({ flagged: false });
  });

  it('ends with endingSession: true (idempotent), then refuses updates with 422', async () => {
    const { id, owner } = await createSession();
    const c = client(stack.url);
    const ended = await c.patch(
      `/api/player-sessions/${id}`,
      figures({ endingSession: true }),
      owner,
    );
    expect(ended.status).toBe(200);
    expect(ended.json.endedAt).toEqual(expect.any(String));
    const again = await c.patch(
      `/api/player-sessions/${id}`,
      figures({ endingSession: true }),
      owner,
    );
    expect(again.json).toEqual(ended.json);
    // The game ended with the session.
    expect((await c.get(`/api/player-sessions/${id}/game`, owner)).json.status).toBe('ended');
    const late = await c.patch(`/api/player-sessions/${id}`, figures({ moveCount: 20 }), owner);
    expect(late.status).toBe(422);
    expect(late.json).toEqual({ message: 'Session has ended' });
  });

  it.each([
    [{ totalScore: undefined }, 'totalScore', 'totalScore is required'],
    // Shapes are the gateway's: types and what the proto field can carry.
    [{ totalScore: '12' }, 'totalScore', 'totalScore must be a whole number'],
    [{ moveCount: 1.5 }, 'moveCount', 'moveCount must be a whole number'],
    [{ matchCount: 2 ** 31 }, 'matchCount', 'matchCount is out of range'],
    [
      { averageMoveDuration: 'slow' },
      'averageMoveDuration',
      'averageMoveDuration must be a number',
    ],
    // Bounds are the sessions service's, and so are their messages.
    [
      { totalScore: 1e12 + 1 },
      'totalScore',
      'totalScore must be a whole number from 0 to 1000000000000',
    ],
    [{ moveCount: 10_000_001 }, 'moveCount', 'moveCount must be a whole number from 0 to 10000000'],
    [{ matchCount: -1 }, 'matchCount', 'matchCount must be a whole number from 0 to 10000000'],
    [
      { averageMoveDuration: -2 },
      'averageMoveDuration',
      'averageMoveDuration must be a number of milliseconds from 0 to 86400000',
    ],
    [{ playerName: '' }, 'playerName', 'Player name is required'],
    [{ moveTimestamps: 'soon' }, 'moveTimestamps', 'moveTimestamps must be a list of numbers'],
    [
      { moveTimestamps: [1, -5] },
      'moveTimestamps',
      'moveTimestamps must be times in milliseconds (non-negative numbers)',
    ],
    [
      { moveTimestamps: Array.from({ length: 1001 }, (_, i) => i) },
      'moveTimestamps',
      'moveTimestamps must hold at most 1000 entries per update',
    ],
    [
      { suspiciousFlags: [{ type: 'OTHER', details: 'x' }] },
      'suspiciousFlags',
      "suspiciousFlags type must be 'SUSPICIOUS_TIMING'",
    ],
    [
      {
        suspiciousFlags: Array.from({ length: 11 }, (_, i) => ({
          type: 'SUSPICIOUS_TIMING',
          details: i,
        })),
      },
      'suspiciousFlags',
      'suspiciousFlags must hold at most 10 entries',
    ],
    [
      { suspiciousFlags: 'yes' },
      'suspiciousFlags',
      'suspiciousFlags must be a list of {type, details}',
    ],
    [{ endingSession: 'yes' }, 'endingSession', 'endingSession must be true or false'],
  ])('refuses bad update #%# with 400 naming the field', async (override, field, message) => {
    const { id } = await createSession();
    const res = await client(stack.url).patch(`/api/player-sessions/${id}`, figures(override));
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const c = client(stack.url);
    const bad = await c.patch('/api/player-sessions/not-an-id', figures());
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: 'id must be a session id (UUID)', field: 'id' });
    const unknown = await c.patch(`/api/player-sessions/${randomUUID()}`, figures());
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: 'Session not found' });
  });
});

describe('POST /api/player-sessions/{id}/end', () => {
  it('ends the session once and answers the same end time after', async () => {
    const { id, owner } = await createSession();
    const c = client(stack.url);
    expect((await c.post(`/api/player-sessions/${id}/end`)).status).toBe(403);
    const first = await c.post(`/api/player-sessions/${id}/end`, undefined, owner);
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ id, flagged: false, endedAt: expect.any(String) });
    expect((await c.post(`/api/player-sessions/${id}/end`, undefined, owner)).json).toEqual(
      first.json,
    );
    expect((await c.post(`/api/player-sessions/${randomUUID()}/end`)).status).toBe(404);
    expect((await c.post('/api/player-sessions/x/end')).status).toBe(400);
  });

  it('twelve ends of one game at once, by every route and the game socket: all 200, one end time', async () => {
    const c = client(stack.url);
    const socketUrl = `${stack.url.replace(/^http/, 'ws')}/ws/game`;
    const sockets = [
      await openGameSocket(socketUrl, { origin: stack.url }),
      await openGameSocket(socketUrl, { origin: stack.url }),
    ];
    try {
      for (let round = 0; round < 3; round++) {
        const { id, owner, credential } = await createSession();
        const endAction = { seq: 0, action: { type: 'end' } };
        // The End press twice, the page's unload beside it, its last update: all at once.
        const ends = Array.from({ length: 12 }, async (_, i) => {
          switch (i % 4) {
            case 0:
              return {
                kind: 'end',
                ...(await c.post(`/api/player-sessions/${id}/end`, undefined, owner)),
              };
            case 1: {
              const body = figures({ moveCount: 0, endingSession: true });
              return { kind: 'end', ...(await c.patch(`/api/player-sessions/${id}`, body, owner)) };
            }
            case 2: {
              const path = `/api/player-sessions/${id}/actions`;
              return { kind: 'action', ...(await c.post(path, endAction, owner)) };
            }
            default: {
              const frame = await sockets[i % 2]!.ask({
                type: 'action',
                session: id,
                credential,
                ...endAction,
              });
              if (frame.type === 'answer')
                return { kind: 'action', status: 200, json: frame.answer };
              return {
                kind: 'action',
                status: frame.type === 'error' ? frame.status : 0,
                json: frame,
              };
            }
          }
        });
        const answers = await Promise.all(ends);
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
        const stored = await admin.get(`/api/admin/player-sessions/${id}`);
        expect(stored.json.endedAt).toEqual(expect.any(String));
        for (const a of answers.filter((x) => x.kind === 'end')) {
          expect(a.json).toEqual({ id, flagged: false, endedAt: stored.json.endedAt });
        }
        const played = answers.filter((x) => x.kind === 'action').map((x) => x.json);
        for (const answer of played) expect(answer).toEqual(played[0]);
        expect(played[0]).toMatchObject({ game: { status: 'ended', seq: 1 } });
      }
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});

describe('ranked games over HTTP', () => {
  /** The first swap the board shown allows. */
  const firstMove = (game: { grid: string[] }) => {
    return findMoves({ grid: gridFromCells(game.grid as Color[]) })[0]!;
  };

  it('plays a swap, answers a retry the same, and refuses anyone but the owner', async () => {
    const { id, owner, game } = await createSession();
    const c = client(stack.url);
    const move = { seq: 0, action: { type: 'swap', ...firstMove(game as { grid: string[] }) } };
    const played = await c.post(`/api/player-sessions/${id}/actions`, move, owner);
    expect(played.status).toBe(200);
    expect(played.json).toMatchObject({ game: { seq: 1, totalMoves: 1 }, levelUp: null });
    const [step] = played.json.steps as { spawned: unknown[] }[];
    expect(step!.spawned.length).toBeGreaterThan(0);
    expect((await c.post(`/api/player-sessions/${id}/actions`, move, owner)).json).toEqual(
      played.json,
    );
    const stranger = { 'x-session-credential': 'not-the-owner' };
    for (const res of [
      await c.post(`/api/player-sessions/${id}/actions`, { ...move, seq: 1 }, stranger),
      await c.get(`/api/player-sessions/${id}/game`, stranger),
      await c.get(`/api/player-sessions/${id}/game`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        message: 'This session belongs to another player',
        field: 'credential',
      });
    }
    expect((await c.get(`/api/player-sessions/${id}/game`, owner)).json).toEqual(played.json.game);
  });

  it.each([
    [{ seq: 0 }, 'action', undefined],
    [{ seq: 0, action: { type: 'jump' } }, 'action', undefined],
    [{ seq: -1, action: { type: 'reset' } }, 'seq', undefined],
    [{ seq: 0, action: { type: 'swap', from: { x: 0, y: 0 }, to: { x: 5, y: 5 } } }, 'action', 422],
    [{ seq: 7, action: { type: 'reset' } }, 'seq', 422],
  ])('refuses %j with a clear message naming %s', async (body, field, status) => {
    const { id, owner } = await createSession();
    const res = await client(stack.url).post(`/api/player-sessions/${id}/actions`, body, owner);
    expect(res.status).toBe(status ?? 400);
    expect(res.json).toMatchObject({ field, message: expect.any(String) });
  });

  it("resumes a signed-in player's unfinished game (204 when none); guests get 401", async () => {
    const player = await signedInPlayer(stack.url, `resume_${process.pid % 1000}`);
    // None yet: the usual answer on a page load, with no body and no error.
    const none = await player.get('/api/player-sessions/current');
    expect({ status: none.status, text: none.text }).toEqual({ status: 204, text: '' });
    const { id, game } = await createSession(player);
    const resumed = await player.get('/api/player-sessions/current');
    expect(resumed.status).toBe(200);
    expect(resumed.json).toEqual({
      id,
      playerName: expect.any(String),
      game,
      offers: expect.objectContaining({ faces: [] }),
    });
    expect((await client(stack.url).get('/api/player-sessions/current')).status).toBe(401);
  });
});

describe('admin routes', () => {
  const adminPaths = (id: string) => [
    ['GET', '/api/admin/player-sessions'],
    ['GET', '/api/admin/player-sessions/suspicious'],
    ['GET', '/api/admin/player-sessions/player/Ann'],
    ['GET', '/api/admin/player-sessions/ip/127.0.0.1'],
    ['GET', `/api/admin/player-sessions/${id}`],
    ['POST', `/api/admin/player-sessions/${id}/flag`],
  ];

  it('are 401 without a session and 403 for a player', async () => {
    const { id } = await createSession();
    const player = client(stack.url);
    await player.post('/api/register', {
      username: `not_admin_${process.pid % 1000}`,
      email: `notadmin${process.pid}@example.com`,
      password: 'a fine long password',
    });
    for (const [method, path] of adminPaths(id)) {
      const send = (c: ReturnType<typeof client>) =>
        method === 'GET' ? c.get(path!) : c.post(path!, { reason: 'x' });
      const anonymous = await send(client(stack.url));
      expect({ path, status: anonymous.status, body: anonymous.json }).toEqual({
        path,
        status: 401,
        body: { message: 'Not authenticated' },
      });
      const denied = await send(player);
      expect({ path, status: denied.status, body: denied.json }).toEqual({
        path,
        status: 403,
        body: { message: 'Admin access required' },
      });
    }
  });

  it('lists newest first with pagination, filtered by player name (any case) and by IP', async () => {
    const name = `Lister${process.pid % 1000}`;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createSession(undefined, { playerName: name })).id);
    const page1 = await admin.get(
      `/api/admin/player-sessions/player/${name.toLowerCase()}?page=1&limit=2`,
    );
    expect(page1.status).toBe(200);
    expect((page1.json.data as { id: string }[]).map((s) => s.id)).toEqual([ids[2], ids[1]]);
    expect(page1.json.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      total: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const page2 = await admin.get(`/api/admin/player-sessions/player/${name}?page=2&limit=2`);
    expect((page2.json.data as { id: string }[]).map((s) => s.id)).toEqual([ids[0]]);
    expect(page2.json.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });

    const all = await admin.get('/api/admin/player-sessions?limit=100');
    expect(all.status).toBe(200);
    const allIds = (all.json.data as { id: string }[]).map((s) => s.id);
    expect(allIds.indexOf(ids[2]!)).toBeLessThan(allIds.indexOf(ids[0]!));

    const byIp = await admin.get('/api/admin/player-sessions/ip/127.0.0.1?limit=100');
    expect((byIp.json.data as { id: string }[]).map((s) => s.id)).toEqual(
      expect.arrayContaining(ids),
    );
    const otherIp = await admin.get('/api/admin/player-sessions/ip/192.0.2.1');
    expect(otherIp.json).toEqual(EMPTY_PAGE);
  });

  it('flags a session with a reason; it then shows in /suspicious', async () => {
    const { id } = await createSession();
    const flagged = await admin.post(`/api/admin/player-sessions/${id}/flag`, {
      reason: 'Same device as a banned player',
    });
    expect(flagged.status).toBe(200);
    expect(flagged.json).toMatchObject({
      id,
      suspicious: true,
      flags: [
        {
          type: 'ADMIN_FLAG',
          details: 'Same device as a banned player',
          source: 'admin',
          createdAt: expect.any(String),
        },
      ],
    });
    const suspicious = await admin.get('/api/admin/player-sessions/suspicious?limit=100');
    expect(suspicious.status).toBe(200);
    const rows = suspicious.json.data as { id: string; suspicious: boolean }[];
    expect(rows.map((s) => s.id)).toContain(id);
    expect(rows.every((s) => s.suspicious)).toBe(true);
  });

  it.each([
    ['/api/admin/player-sessions?page=0', 'page', 'page must be a whole number of at least 1'],
    ['/api/admin/player-sessions?page=abc', 'page', 'page must be a whole number'],
    ['/api/admin/player-sessions?limit=0', 'limit', 'limit must be a whole number of at least 1'],
    [
      '/api/admin/player-sessions/suspicious?limit=101',
      'limit',
      'limit must be a whole number from 1 to 100',
    ],
    ['/api/admin/player-sessions/ip/not-an-ip', 'ip', 'ip must be an IPv4 or IPv6 address'],
    [
      `/api/admin/player-sessions/player/${'x'.repeat(21)}`,
      'name',
      'Player name must be at most 20 characters',
    ],
    ['/api/admin/player-sessions/player/%20%20', 'name', 'Player name is required'],
    ['/api/admin/player-sessions/123', 'id', 'id must be a session id (UUID)'],
  ])('GET %s is 400 naming the field', async (path, field, message) => {
    const res = await admin.get(path);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message, field });
  });

  it('refuses a flag without a reason (400) and an unknown session (404)', async () => {
    const { id } = await createSession();
    const missing = await admin.post(`/api/admin/player-sessions/${id}/flag`, {});
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ message: 'reason is required', field: 'reason' });
    const blank = await admin.post(`/api/admin/player-sessions/${id}/flag`, { reason: '  ' });
    expect(blank.json).toEqual({ message: 'reason is required', field: 'reason' });
    const unknown = await admin.post(`/api/admin/player-sessions/${randomUUID()}/flag`, {
      reason: 'x',
    });
    expect(unknown.status).toBe(404);
    expect((await admin.get(`/api/admin/player-sessions/${randomUUID()}`)).status).toBe(404);
  });
});
