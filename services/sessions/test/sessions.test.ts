import { randomUUID } from 'node:crypto';
import { createGame } from '@ballmatch/engine';
import { streamName } from '@ballmatch/platform';
import { sessionsV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { evenTimestamps, humanTimestamps, listen, newSession, update } from './fixtures';
import { startSessions } from './harness';
import { humanGap, playOut } from './play';

const svc = perFile(startSessions);

const create = (override?: Parameters<typeof newSession>[0]) =>
  svc.client.createSession(newSession(override));
const read = async (id: string) => (await svc.admin.getSession({ id })).session!;
const { FLAG_SOURCE_CLIENT, FLAG_SOURCE_SERVER } = sessionsV1.FlagSource;

describe('CreateSession', () => {
  it('answers an id, a credential and the starting board; the seed stays on the server', async () => {
    const player = await svc.credentials.issue('user');
    const userId = player.userId;
    const a = await svc
      .clientAs(player.authorization)
      .createSession(newSession({ clientAddress: '::ffff:198.51.100.4' }));
    const b = await create();
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.credential).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(b.credential).not.toBe(a.credential);
    expect(a.game).toMatchObject({ score: 0, seq: 0, status: 'active', hasMoves: true });
    expect(a.game!.grid).toHaveLength(48);
    expect(JSON.stringify(a)).not.toMatch(/seed|rng/i);

    const stored = await read(a.id);
    expect(stored).toMatchObject({
      id: a.id,
      ip: '198.51.100.4', // IPv4-mapped IPv6 stored as plain IPv4, so admins can search it
      userId,
      totalScore: 0,
      suspicious: false,
      flags: [],
      endedAt: '',
    });
    expect((await read(b.id)).userId).toBe('');
  });

  it('gives the scores service the player and game, the seed once ended, for the session owner only', async () => {
    const input = newSession({ playerName: '  Padded Name  ' });
    const created = await svc.client.createSession(input);
    const playing = await svc.client.getSessionForScoring({ id: created.id });
    expect(playing).toEqual({
      id: created.id,
      // The seed of a game in play never leaves the service: every draw to come is in it.
      seed: '',
      playerName: 'Padded Name',
      userId: '',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      endedAt: '',
      suspicious: false,
      finished: false,
      score: 0,
      level: 1,
      moves: 0,
      finishedAt: '',
      actionCodes: [],
      actionTimes: [],
    });
    await svc.client.endSession({ id: created.id });
    const scoring = await svc.client.getSessionForScoring({ id: created.id });
    expect(scoring).toMatchObject({
      finished: true,
      seed: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // The board the player got is the one the seed makes.
    expect(createGame(scoring.seed).grid.flat()).toEqual(created.game!.grid);
    await expect(
      svc.client.getSessionForScoring({ id: created.id }, { sessionCredential: 'forged' }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    for (const id of [randomUUID(), 'not-a-uuid', '']) {
      await expect(svc.client.getSessionForScoring({ id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Session not found',
      });
    }
  });

  it.each([
    // The engine's player-name rule, with the messages the scores service gives too.
    [{ playerName: '   ' }, 'playerName', 'Player name is required'],
    [{ playerName: 'x'.repeat(21) }, 'playerName', 'Player name must be at most 20 characters'],
    [
      { playerName: 'Ann\u0007' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: 'Ann\u202e' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: '\u200b' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: '\u2800' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: '\u3164' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: 'An\u200bn' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: 'Ann\ue000' },
      'playerName',
      'Player name must not contain private-use or unassigned characters',
    ],
    [{ playerName: '...' }, 'playerName', 'Player name must contain at least one letter or digit'],
    [{ clientSessionId: 'page-1' }, 'clientSessionId', 'clientSessionId must be a UUID'],
    [
      { deviceFingerprint: 'f'.repeat(51) },
      'deviceFingerprint',
      'deviceFingerprint must be at most 50 characters',
    ],
    [{ clientAddress: 'somewhere' }, 'clientIp', 'clientIp must be an IPv4 or IPv6 address'],
  ])('refuses %j with a clear message naming the field', async (override, field, message) => {
    await expect(create(override)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field },
    });
  });

  it('accepts a 20-character name after trimming and a full 50-character fingerprint', async () => {
    const created = await create({ playerName: ` ${'n'.repeat(20)} ` });
    expect((await read(created.id)).playerName).toBe('n'.repeat(20));
  });

  it('counts a name in characters, as the scores service does (a letter and 19 emoji fit)', async () => {
    const created = await create({ playerName: `A${'😀'.repeat(19)}` });
    expect((await read(created.id)).playerName).toBe(`A${'😀'.repeat(19)}`);
  });
});

describe('UpdateSession', () => {
  it('stores the figures and the latest player name', async () => {
    const { id } = await create();
    const status = await svc.client.updateSession(
      update(id, { playerName: 'Bea', totalScore: 345, matchCount: 12, moveCount: 20 }),
    );
    expect(status).toEqual({ id, flagged: false, endedAt: '' });
    expect(await read(id)).toMatchObject({
      playerName: 'Bea',
      totalScore: 345,
      matchCount: 12,
      moveCount: 20,
      averageMoveDuration: 1450,
    });
  });

  it('does not flag a human: uneven gaps over several updates', async () => {
    const { id } = await create();
    const times = humanTimestamps(40);
    for (let i = 0; i < 4; i++) {
      const status = await svc.client.updateSession(
        update(id, { moveCount: (i + 1) * 10, moveTimestamps: times.slice(i * 10, i * 10 + 10) }),
      );
      expect(status.flagged).toBe(false);
    }
    const stored = await read(id);
    expect(stored).toMatchObject({ suspicious: false, flags: [], moveTimestampCount: 40 });
  });

  it("the page's own move times decide nothing: 20 ms apart, kept for player tracking, no flag, the score not held", async () => {
    const { id } = await create({ playerName: 'Quick page' });
    const times = evenTimestamps(30, 20);
    for (let i = 0; i < 3; i++) {
      const status = await svc.client.updateSession(
        update(id, { moveCount: (i + 1) * 10, moveTimestamps: times.slice(i * 10, i * 10 + 10) }),
      );
      expect(status.flagged).toBe(false);
    }
    const fast = Array.from({ length: 12 }, (_, i) => 2e12 + i * 50 + (i % 3) * 10);
    expect(
      (await svc.client.updateSession(update(id, { moveCount: 42, moveTimestamps: fast }))).flagged,
    ).toBe(false);
    expect(await read(id)).toMatchObject({ suspicious: false, flags: [], moveTimestampCount: 42 });
    // The game itself, timed by the server as it received each action: a person's pace.
    try {
      await playOut(svc, id, humanGap, { maxActions: 12 });
    } finally {
      svc.clock.real();
    }
    expect(await read(id)).toMatchObject({ suspicious: false, flags: [] });
    // What the scores service holds a score on.
    expect((await svc.client.getSessionForScoring({ id })).suspicious).toBe(false);
  });

  it('a game the server timed at 20 ms a move is flagged once, when it ends, and published', async () => {
    const events = await listen(svc.bus, 'session.flagged');
    const { id } = await create({ playerName: 'Botty' });
    try {
      await playOut(svc, id, () => 20, { maxActions: 12 });
    } finally {
      svc.clock.real();
    }
    const event = (await events.next()) as Record<string, unknown>;
    expect(event).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      occurredAt: expect.any(String),
      sessionId: id,
      playerName: 'Botty',
      source: 'server',
      type: 'SUSPICIOUS_TIMING',
    });
    // Published through the outbox into JetStream, with the event id as the message id.
    const jsm = await svc.bus.connection.jetstreamManager();
    const stored = await jsm.streams.getMessage(streamName(svc.bus.subject(''), 'SESSIONS'), {
      last_by_subj: svc.bus.subject('session.flagged'),
    });
    expect(stored.json()).toEqual(event);
    expect(stored.header.get('Nats-Msg-Id')).toBe(event.id);
    // The page's updates after that change nothing of it: still one server flag.
    await svc.client.updateSession(update(id, { endingSession: true }));
    const session = await read(id);
    expect(session.suspicious).toBe(true);
    expect(session.flags).toEqual([
      {
        type: 'SUSPICIOUS_TIMING',
        details: expect.stringContaining('12 moves: 11 of 11 gaps under 100 ms'),
        source: FLAG_SOURCE_SERVER,
        createdAt: expect.any(String),
        adminUserId: '',
      },
    ]);
    events.stop();
  });

  it('keeps the newest figures when an older update arrives late, and still counts its moves', async () => {
    const { id } = await create();
    const times = humanTimestamps(20);
    await svc.client.updateSession(
      update(id, { totalScore: 400, moveCount: 20, moveTimestamps: times.slice(10) }),
    );
    await svc.client.updateSession(
      update(id, { totalScore: 150, moveCount: 10, moveTimestamps: times.slice(0, 10) }),
    );
    const stored = await read(id);
    expect(stored).toMatchObject({ totalScore: 400, moveCount: 20, moveTimestampCount: 20 });
  });

  it("records the client's own flags but never trusts them alone", async () => {
    const { id } = await create();
    const flag = { type: 'SUSPICIOUS_TIMING', details: 'fastRatio 0.45' };
    const status = await svc.client.updateSession(
      update(id, { moveTimestamps: humanTimestamps(10), suspiciousFlags: [flag] }),
    );
    expect(status.flagged).toBe(false);
    const stored = await read(id);
    expect(stored.suspicious).toBe(false);
    expect(stored.flags).toEqual([
      { ...flag, source: FLAG_SOURCE_CLIENT, createdAt: expect.any(String), adminUserId: '' },
    ]);
  });

  it('applies the same update once, however often it is sent (retries, double clicks)', async () => {
    const { id } = await create();
    const flag = { type: 'SUSPICIOUS_TIMING', details: 'client saw something' };
    const once = update(id, {
      moveCount: 10,
      moveTimestamps: evenTimestamps(10),
      suspiciousFlags: [flag],
    });
    const answers = await Promise.all([1, 2, 3].map(() => svc.client.updateSession(once)));
    expect(answers).toEqual([1, 2, 3].map(() => answers[0]));
    // A later update, then the first one retried late: still nothing doubled.
    await svc.client.updateSession(
      update(id, { moveCount: 11, moveTimestamps: [1_800_000_000_000] }),
    );
    await svc.client.updateSession(once);
    const stored = await read(id);
    expect(stored.moveTimestampCount).toBe(11);
    expect(stored.moveCount).toBe(11);
    expect(stored.flags.map((f) => f.source)).toEqual([FLAG_SOURCE_CLIENT]);
  });

  it('rounds fractional timestamps (performance.now()) to whole milliseconds', async () => {
    const { id } = await create();
    await svc.client.updateSession(update(id, { moveTimestamps: [1000.4, 2300.7] }));
    expect((await read(id)).moveTimestampCount).toBe(2);
  });

  it.each<[Partial<sessionsV1.UpdateSessionRequest>, string, string]>([
    [{ playerName: '' }, 'playerName', 'Player name is required'],
    [
      { playerName: '\u3164\u3164' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [
      { playerName: 'Ann\u200d' },
      'playerName',
      'Player name must not contain invisible, control or formatting characters',
    ],
    [{ totalScore: -1 }, 'totalScore', 'totalScore must be a whole number from 0 to 1000000000000'],
    [{ moveCount: -3 }, 'moveCount', 'moveCount must be a whole number from 0 to 10000000'],
    [
      { averageMoveDuration: -5 },
      'averageMoveDuration',
      'averageMoveDuration must be a number of milliseconds from 0 to 86400000',
    ],
    [
      { moveTimestamps: Array.from({ length: 1001 }, (_, i) => i * 500) },
      'moveTimestamps',
      'moveTimestamps must hold at most 1000 entries per update',
    ],
    [
      { moveTimestamps: [1000, -1] },
      'moveTimestamps',
      'moveTimestamps must be times in milliseconds (non-negative numbers)',
    ],
    [
      { moveTimestamps: [Number.NaN] },
      'moveTimestamps',
      'moveTimestamps must be times in milliseconds (non-negative numbers)',
    ],
    [
      { suspiciousFlags: [{ type: 'CHEATING', details: '' }] },
      'suspiciousFlags',
      "suspiciousFlags type must be 'SUSPICIOUS_TIMING'",
    ],
    [
      { suspiciousFlags: [{ type: 'SUSPICIOUS_TIMING', details: 'x'.repeat(1001) }] },
      'suspiciousFlags',
      'suspiciousFlags details must be at most 1000 characters',
    ],
  ])(
    'refuses bad update #%# with a clear message naming the field',
    async (override, field, message) => {
      const { id } = await create();
      await expect(svc.client.updateSession(update(id, override))).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message,
        details: { field },
      });
    },
  );

  it('keeps at most 10 000 timestamps per session', async () => {
    const { id } = await create();
    for (let i = 0; i < 10; i++) {
      const batch = Array.from({ length: 1000 }, (_, j) => (i * 1000 + j) * 700);
      await svc.client.updateSession(
        update(id, { moveCount: (i + 1) * 1000, moveTimestamps: batch }),
      );
    }
    await expect(
      svc.client.updateSession(update(id, { moveCount: 10_001, moveTimestamps: [7_100_000] })),
    ).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'A session keeps at most 10000 move timestamps',
    });
    expect((await read(id)).moveTimestampCount).toBe(10_000);
  });

  it('answers NOT_FOUND for an unknown session', async () => {
    await expect(svc.client.updateSession(update(randomUUID()))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Session not found',
    });
  });
});

describe('ending a session', () => {
  it('endingSession: true ends it; ending again answers the same time; updates are refused', async () => {
    const { id } = await create();
    const endedAt = (await svc.client.updateSession(update(id, { endingSession: true }))).endedAt;
    expect(endedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await svc.client.updateSession(
      update(id, { totalScore: 999, endingSession: true }),
    );
    expect(again.endedAt).toBe(endedAt);
    expect((await svc.client.endSession({ id })).endedAt).toBe(endedAt);
    await expect(svc.client.updateSession(update(id, { totalScore: 999 }))).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'Session has ended',
    });
    // The figures are the ended game's own (nothing was played), not the 120 the page claimed.
    expect(await read(id)).toMatchObject({ totalScore: 0, moveCount: 0, matchCount: 0 });
    expect((await svc.client.getSessionForScoring({ id })).endedAt).toBe(endedAt);
  });

  it('EndSession ends an open session once, and knows no unknown ones', async () => {
    const { id } = await create();
    const first = await svc.client.endSession({ id });
    expect(first).toEqual({ id, flagged: false, endedAt: expect.any(String) });
    expect(await svc.client.endSession({ id })).toEqual(first);
    await expect(svc.client.endSession({ id: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
