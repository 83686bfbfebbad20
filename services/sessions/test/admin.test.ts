import { randomUUID } from 'node:crypto';
import { sessionsV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { listen, newSession, update, type NewSession } from './fixtures';
import { startSessions } from './harness';
import { playOut } from './play';

const svc = perFile(startSessions);

const list = (req: Partial<sessionsV1.ListSessionsRequest> = {}) =>
  svc.admin.listSessions({
    suspiciousOnly: false,
    playerName: '',
    ip: '',
    page: 0,
    limit: 0,
    ...req,
  });

/** Creates sessions one after another (so their order is known), oldest first. */
async function createMany(count: number, override: Partial<NewSession>) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    ids.push((await svc.client.createSession(newSession(override))).id);
  }
  return ids;
}

/** A bot's session: its game played at 20 ms a move by the server's clock, flagged as it ends. */
async function makeBot(override: Partial<NewSession>) {
  const { id } = await svc.client.createSession(newSession(override));
  try {
    await playOut(svc, id, () => 20, { maxActions: 6 });
  } finally {
    svc.clock.real();
  }
  return id;
}

describe('player tracking checks the caller itself (defence in depth)', () => {
  it('refuses guests with UNAUTHENTICATED and players with PERMISSION_DENIED', async () => {
    const { id } = await svc.client.createSession(newSession());
    const player = await svc.credentials.issue('user');
    for (const [client, code] of [
      [svc.adminClientAs(), 'UNAUTHENTICATED'],
      [svc.adminClientAs(player.authorization), 'PERMISSION_DENIED'],
    ] as const) {
      await expect(client.getSession({ id })).rejects.toMatchObject({ code });
      await expect(client.flagSession({ id, reason: 'x' })).rejects.toMatchObject({ code });
      await expect(client.unflagSession({ id, reason: 'x' })).rejects.toMatchObject({ code });
      await expect(client.getGameAnalytics({ from: '', to: '' })).rejects.toMatchObject({ code });
    }
  });
});

describe('ListSessions', () => {
  it('pages through sessions newest first', async () => {
    const ids = await createMany(5, { playerName: 'Pager' });
    const newestFirst = [...ids].reverse();
    const pages = [];
    for (const page of [1, 2, 3, 4])
      pages.push(await list({ playerName: 'Pager', page, limit: 2 }));
    expect(pages.map((p) => p.data.map((s) => s.id))).toEqual([
      newestFirst.slice(0, 2),
      newestFirst.slice(2, 4),
      newestFirst.slice(4),
      [],
    ]);
    expect(pages.map((p) => p.pagination)).toEqual([
      { currentPage: 1, totalPages: 3, total: 5, hasNextPage: true, hasPrevPage: false },
      { currentPage: 2, totalPages: 3, total: 5, hasNextPage: true, hasPrevPage: true },
      { currentPage: 3, totalPages: 3, total: 5, hasNextPage: false, hasPrevPage: true },
      { currentPage: 4, totalPages: 3, total: 5, hasNextPage: false, hasPrevPage: true },
    ]);
  });

  it('lists everything newest first with 20 per page by default', async () => {
    await createMany(21, {});
    const first = await list();
    expect(first.data).toHaveLength(20);
    expect(first.pagination!.currentPage).toBe(1);
    expect(first.pagination!.hasNextPage).toBe(true);
    const times = first.data.map((s) => s.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('finds a player by name, whatever the case, exactly', async () => {
    const ids = await createMany(2, { playerName: 'CaseyJones' });
    await createMany(1, { playerName: 'CaseyJones2' });
    const found = await list({ playerName: '  caseyjones ' });
    expect(found.data.map((s) => s.id)).toEqual([...ids].reverse());
    expect(found.data[0]!.playerName).toBe('CaseyJones');
  });

  it('searches a name an older rule allowed (mixed scripts), not refusing it as a new name', async () => {
    // 'Аnn' with a Cyrillic А: refused for a new game since names keep to one script, yet
    // sessions stored before that rule carry such names, and an admin must still find them.
    await expect(
      svc.client.createSession(newSession({ playerName: '\u0410nn' })),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(list({ playerName: '\u0410nn' })).resolves.toMatchObject({ data: [] });
  });

  it('finds sessions by IP, IPv4-mapped IPv6 included', async () => {
    const ids = await createMany(2, { clientAddress: '192.0.2.55' });
    ids.push(...(await createMany(1, { clientAddress: '::ffff:192.0.2.55' })));
    await createMany(1, { clientAddress: '192.0.2.56' });
    const found = await list({ ip: '192.0.2.55' });
    expect(found.data.map((s) => s.id)).toEqual([...ids].reverse());
    const v6 = await createMany(1, { clientAddress: '2001:DB8::1' });
    expect((await list({ ip: '2001:db8::1' })).data.map((s) => s.id)).toEqual(v6);
  });

  it('lists only suspicious sessions when asked, with their flags', async () => {
    const ip = '192.0.2.77';
    const bot = await makeBot({ clientAddress: ip });
    await createMany(2, { clientAddress: ip });
    const suspicious = await list({ suspiciousOnly: true, ip });
    expect(suspicious.data.map((s) => s.id)).toEqual([bot]);
    expect(suspicious.data[0]!.flags.map((f) => f.source)).toEqual([
      sessionsV1.FlagSource.FLAG_SOURCE_SERVER,
    ]);
    expect(suspicious.pagination!.total).toBe(1);
    expect((await list({ ip })).pagination!.total).toBe(3);
  });

  it.each([
    [{ page: -1 }, 'page', 'page must be a whole number of at least 1'],
    [{ limit: 101 }, 'limit', 'limit must be a whole number from 1 to 100'],
    [{ ip: 'nowhere' }, 'ip', 'ip must be an IPv4 or IPv6 address'],
    [{ playerName: 'x'.repeat(21) }, 'playerName', 'Player name must be at most 20 characters'],
  ])('refuses %j with a clear message naming the field', async (req, field, message) => {
    await expect(list(req)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field },
    });
  });
});

describe('GetSession and FlagSession', () => {
  it('reads one session; NOT_FOUND for unknown or malformed ids', async () => {
    const { id } = await svc.client.createSession(newSession({ playerName: 'Reader' }));
    expect(await svc.admin.getSession({ id }).then((r) => r.session!)).toMatchObject({
      id,
      playerName: 'Reader',
    });
    for (const bad of [randomUUID(), 'nope']) {
      await expect(svc.admin.getSession({ id: bad })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Session not found',
      });
      await expect(svc.admin.flagSession({ id: bad, reason: 'x' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
  });

  it('flags with a reason: suspicious, the admin recorded, one event, the same flag once', async () => {
    const events = await listen(svc.bus, 'session.flagged');
    const { id } = await svc.client.createSession(newSession({ playerName: 'Flaggy' }));
    const flagged = (await svc.admin.flagSession({ id, reason: '  Impossible score  ' })).session!;
    expect(flagged.suspicious).toBe(true);
    expect(flagged.flags).toEqual([
      {
        type: 'ADMIN_FLAG',
        details: 'Impossible score',
        source: sessionsV1.FlagSource.FLAG_SOURCE_ADMIN,
        createdAt: expect.any(String),
        adminUserId: svc.adminId,
      },
    ]);
    expect(await events.next()).toMatchObject({
      sessionId: id,
      playerName: 'Flaggy',
      source: 'admin',
      type: 'ADMIN_FLAG',
      details: 'Impossible score',
    });
    const again = (await svc.admin.flagSession({ id, reason: 'Impossible score' })).session!;
    expect(again.flags).toHaveLength(1);
    const second = (await svc.admin.flagSession({ id, reason: 'Also: same device' })).session!;
    expect(second.flags.map((f) => f.details)).toEqual(['Impossible score', 'Also: same device']);
    // It was already suspicious: later flags add detail, not another "became suspicious" event.
    // A bot flagged now is published after anything those flags wrote to the outbox, so a
    // second event for this session would have come before the bot's.
    const bot = await makeBot({ playerName: 'Later bot' });
    expect(await events.next()).toMatchObject({ sessionId: bot });
    expect(events.heard).toHaveLength(2);
    events.stop();
    // The session shows in the suspicious list and in the update answers.
    expect((await svc.client.updateSession(update(id))).flagged).toBe(true);
  });

  it.each([
    ['   ', 'reason is required'],
    ['x'.repeat(501), 'reason must be at most 500 characters'],
    ['bad\u0000reason', 'reason must not contain control characters'],
  ])('refuses the reason %j', async (reason, message) => {
    const { id } = await svc.client.createSession(newSession());
    await expect(svc.admin.flagSession({ id, reason })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field: 'reason' },
    });
  });
});

describe('the timing analysis of a session', () => {
  afterEach(() => svc.clock.real());

  it("comes with the session: the engine's figures on the times the server received the actions", async () => {
    const { id } = await svc.client.createSession(newSession({ playerName: 'Metronome' }));
    // Even gaps, slower than the page shows any answer: only the evenness is at fault.
    await playOut(svc, id, () => 2000, { maxActions: 8 });
    const { session, timing } = await svc.admin.getSession({ id });
    expect(session!.suspicious).toBe(true);
    expect(timing).toEqual({
      moveCount: 8,
      gapCount: 7,
      fastGapCount: 0,
      fastRatio: 0,
      meanGap: 2000,
      coefficientOfVariation: 0,
      suspicious: true,
      flags: ['lowVariation'],
      gaps: Array(7).fill(2000),
    });
  });

  it('is empty for a game without actions', async () => {
    const { id } = await svc.client.createSession(newSession());
    const { timing } = await svc.admin.getSession({ id });
    expect(timing).toMatchObject({ moveCount: 0, gapCount: 0, suspicious: false, gaps: [] });
  });
});

describe('UnflagSession', () => {
  it('takes a session off the suspicious list with the reason kept; an admin may flag it again', async () => {
    const events = await listen(svc.bus, 'session.flagged');
    const ip = '192.0.2.91';
    const bot = await makeBot({ clientAddress: ip, playerName: 'Cleared' });
    expect(await events.nextFor(bot)).toMatchObject({ sessionId: bot, source: 'server' });

    const cleared = (await svc.admin.unflagSession({ id: bot, reason: ' Known fast player ' }))
      .session!;
    expect(cleared.suspicious).toBe(false);
    expect(cleared.flags.map((f) => [f.source, f.type, f.details, f.adminUserId])).toEqual([
      [sessionsV1.FlagSource.FLAG_SOURCE_SERVER, 'SUSPICIOUS_TIMING', expect.any(String), ''],
      [sessionsV1.FlagSource.FLAG_SOURCE_ADMIN, 'ADMIN_UNFLAG', 'Known fast player', svc.adminId],
    ]);
    expect((await list({ suspiciousOnly: true, ip })).data).toEqual([]);
    // Unflagging again answers the session as it is; the server's verdict is not given twice.
    const again = (await svc.admin.unflagSession({ id: bot, reason: 'Twice' })).session!;
    expect(again.flags).toHaveLength(2);
    await svc.client.updateSession(update(bot, { endingSession: true }));
    expect((await svc.admin.getSession({ id: bot })).session!.suspicious).toBe(false);

    // An admin's flag makes it suspicious again, even with a reason given before.
    for (const reason of ['Same device as a banned bot', 'Same device as a banned bot']) {
      const flagged = (await svc.admin.flagSession({ id: bot, reason })).session!;
      expect(flagged.suspicious).toBe(true);
      expect(await events.nextFor(bot)).toMatchObject({
        sessionId: bot,
        source: 'admin',
        details: reason,
      });
      await svc.admin.unflagSession({ id: bot, reason: 'Checked again' });
    }
    events.stop();
    expect((await svc.admin.getSession({ id: bot })).session!.flags.map((f) => f.type)).toEqual([
      'SUSPICIOUS_TIMING',
      'ADMIN_UNFLAG',
      'ADMIN_FLAG',
      'ADMIN_UNFLAG',
    ]);
  });

  it('refuses a missing reason and an unknown session', async () => {
    const { id } = await svc.client.createSession(newSession());
    await expect(svc.admin.unflagSession({ id, reason: ' ' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'reason is required',
      details: { field: 'reason' },
    });
    for (const bad of [randomUUID(), 'nope']) {
      await expect(svc.admin.unflagSession({ id: bad, reason: 'x' })).rejects.toMatchObject({
        code: 'NOT_FOUND',
        message: 'Session not found',
      });
    }
  });
});
