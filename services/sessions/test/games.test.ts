import { randomUUID } from 'node:crypto';
import { entryFromCode, replay } from '@ballmatch/engine';
import { swapsOn, type Pace } from '@ballmatch/kit';
import type { sessionsV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { listen, newSession, update } from './fixtures';
import { MANY_STARTS, startSessions } from './harness';
import { humanGap, playOut as play } from './play';

const svc = perFile(() => startSessions(MANY_STARTS));
afterEach(() => svc.clock.real());

const playOut = (id: string, gapMs: Pace, maxActions?: number) =>
  play(svc, id, gapMs, { maxActions });

const firstSwap = async (id: string, client: Pick<typeof svc.client, 'getGame'> = svc.client) => {
  const game = (await client.getGame({ id })).game!;
  return { seq: game.seq, action: { $case: 'swap' as const, value: swapsOn(game)[0]! } };
};

describe('ranked games held by the server', () => {
  it('answers each swap with its cascade; no draw is shown before the action that uses it', async () => {
    const { id, game } = await svc.client.createSession(newSession());
    const answer = await svc.client.playAction({ id, ...(await firstSwap(id)) });
    expect(answer.steps.length).toBeGreaterThan(0);
    expect(answer.game!.seq).toBe(1);
    expect(answer.game!.totalMoves).toBe(1);
    for (const shown of [game, answer]) expect(JSON.stringify(shown)).not.toMatch(/rng|seed/i);

    // What the answer showed is exactly the engine's game from the server's seed: the spawned
    // balls came from draws made for this swap, which the client could not have seen before.
    // (The seed is read once the game has ended: scores gets it no sooner. Its end's event is
    // heard here, so the next test's listener does not.)
    const finished = await listen(svc.bus, 'session.finished');
    await svc.client.playAction({ id, seq: 1, action: { $case: 'end', value: {} } });
    expect(await finished.next()).toMatchObject({ sessionId: id });
    finished.stop();
    const scoring = await svc.client.getSessionForScoring({ id });
    const log = scoring.actionCodes.map((code, i) => entryFromCode(code, scoring.actionTimes[i]!));
    const replayed = replay(scoring.seed, log);
    expect(replayed.ok && replayed.state.grid.flat()).toEqual(answer.game!.grid);
    expect(answer.steps.at(-1)!.spawned.length).toBeGreaterThan(0);
  });

  it('a whole game: finished once, the log replays to the same score, session.finished once', async () => {
    const events = await listen(svc.bus, 'session.finished');
    const { id } = await svc.client.createSession(newSession({ playerName: 'Steady' }));
    const final = await playOut(id, humanGap);
    expect(final.status).toBe('ended');
    const scoring = await svc.client.getSessionForScoring({ id });
    expect(scoring).toMatchObject({
      finished: true,
      score: final.score,
      level: final.level!.currentLevel,
      moves: final.totalMoves,
      suspicious: false,
    });
    expect(scoring.endedAt).not.toBe('');
    const log = scoring.actionCodes.map((code, i) => entryFromCode(code, scoring.actionTimes[i]!));
    const replayed = replay(scoring.seed, log);
    expect(replayed.ok && replayed.score).toBe(final.score);
    expect(await events.next()).toMatchObject({ sessionId: id, score: final.score });
    await expect(
      svc.client.playAction({ id, seq: final.seq, action: { $case: 'end', value: {} } }),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION' });
    events.stop();
  });

  it("a finished game's session shows the game's own figures, though the page's last update came too late", async () => {
    const { id } = await svc.client.createSession(newSession({ playerName: 'Tracked' }));
    // What the page reported mid-game: figures that the end replaces.
    await svc.client.updateSession(update(id, { playerName: 'Tracked', totalScore: 5 }));
    const gaps: number[] = [];
    const final = await playOut(id, (i, shown) => {
      const gap = humanGap(i, shown);
      if (i > 0) gaps.push(gap); // the first is from the clock's start, not from an action
      return gap;
    });
    expect(final.status).toBe('ended');
    // The page's final figures arrive after the game ended it: refused, and nothing lost.
    await expect(
      svc.client.updateSession(update(id, { playerName: 'Tracked', totalScore: 999_999 })),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION', message: 'Session has ended' });
    const { session } = await svc.admin.getSession({ id });
    expect(session).toMatchObject({
      playerName: 'Tracked',
      totalScore: final.score,
      moveCount: final.totalMoves,
      matchCount: final.totalMatches,
    });
    expect(final.totalMatches).toBeGreaterThan(0);
    // The mean of the gaps between the actions received, on the service's clock (up to 10 s).
    const counted = gaps.filter((gap) => gap <= 10_000);
    const mean = counted.reduce((sum, gap) => sum + gap, 0) / counted.length;
    expect(session!.averageMoveDuration).toBeCloseTo(mean, 6);
  });

  it('extra moves are earned: granted only once the reward ad was followed; ads down, nothing changes', async () => {
    const { id } = await svc.client.createSession(newSession());
    let game = (await svc.client.getGame({ id })).game!;
    while (game.status === 'active') {
      const action: sessionsV1.PlayActionRequest['action'] = game.hasMoves
        ? { $case: 'swap', value: swapsOn(game)[0]! }
        : { $case: 'reset', value: {} };
      game = (await svc.client.playAction({ id, seq: game.seq, action })).game!;
    }
    expect(game.status).toBe('gameOverPending');
    const grant = { id, seq: game.seq, action: { $case: 'extraMoves' as const, value: {} } };

    await expect(svc.client.playAction(grant)).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      message: 'Watch the ad first to earn extra moves',
      details: { field: 'action' },
    });
    svc.rewardClicks.click(id);
    svc.rewardClicks.down(true);
    try {
      await expect(svc.client.playAction(grant)).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    } finally {
      svc.rewardClicks.down(false);
    }
    expect((await svc.client.getGame({ id })).game).toEqual(game);

    const granted = await svc.client.playAction(grant);
    expect(granted.movesAdded).toBeGreaterThan(0);
    expect(granted.game).toMatchObject({ status: 'active', extraMovesGranted: true });
  });

  it('a retried action answers as the first time and is applied once; out of order is refused', async () => {
    const { id } = await svc.client.createSession(newSession());
    const move = await firstSwap(id);
    const first = await svc.client.playAction({ id, ...move });
    const again = await svc.client.playAction({ id, ...move });
    expect(again).toEqual(first);
    expect((await svc.client.getGame({ id })).game!.seq).toBe(1);
    await expect(svc.client.playAction({ id, ...move, seq: 5 })).rejects.toMatchObject({
      code: 'FAILED_PRECONDITION',
      details: { field: 'seq' },
    });
    await expect(
      svc.client.playAction({ id, seq: 1, action: { $case: 'extraMoves', value: {} } }),
    ).rejects.toMatchObject({ code: 'FAILED_PRECONDITION', details: { field: 'action' } });
  });

  it('only the owner plays, updates, ends or reads a session', async () => {
    const { id } = await svc.client.createSession(newSession());
    const move = await firstSwap(id);
    const denied = { code: 'PERMISSION_DENIED', message: 'This session belongs to another player' };
    const other = { sessionCredential: 'someone-elses' };
    await expect(svc.client.playAction({ id, ...move }, other)).rejects.toMatchObject(denied);
    await expect(svc.client.getGame({ id }, other)).rejects.toMatchObject(denied);
    await expect(svc.client.endSession({ id }, other)).rejects.toMatchObject(denied);
    await expect(
      svc.client.updateSession(
        {
          id,
          playerName: 'Thief',
          totalScore: 0,
          matchCount: 0,
          moveCount: 0,
          averageMoveDuration: 0,
          moveTimestamps: [],
          suspiciousFlags: [],
          endingSession: false,
        },
        other,
      ),
    ).rejects.toMatchObject(denied);
    // Nothing changed.
    expect((await svc.client.getGame({ id })).game!.seq).toBe(0);
  });

  it("a signed-in player's game is theirs: another account is refused even with the credential", async () => {
    const ann = await svc.credentials.issue('user');
    const bob = await svc.credentials.issue('user');
    const annsDevice = svc.clientAs(ann.authorization);
    const { id, credential } = await annsDevice.createSession(newSession());
    const move = await firstSwap(id, annsDevice);
    await expect(
      svc
        .clientAs(bob.authorization)
        .playAction({ id, ...move }, { sessionCredential: credential }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    // Her account is proof enough, on any device.
    await expect(
      svc.clientAs(ann.authorization).playAction({ id, ...move }),
    ).resolves.toBeDefined();
  });

  it('save progress: the account resumes its unfinished game on another device', async () => {
    const ann = await svc.credentials.issue('user');
    const device = svc.clientAs(ann.authorization);
    const { id } = await device.createSession(newSession({ playerName: 'Ann' }));
    const played = await device.playAction({ id, ...(await firstSwap(id, device)) });
    const resumed = await svc.clientAs(ann.authorization).resumeGame({});
    expect(resumed).toEqual({ id, playerName: 'Ann', game: played.game });
    await expect(svc.client.resumeGame({})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const newcomer = await svc.credentials.issue('user');
    await expect(svc.clientAs(newcomer.authorization).resumeGame({})).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('survives a restart: the game goes on from where it was, in a new process', async () => {
    const { id } = await svc.client.createSession(newSession());
    await svc.client.playAction({ id, ...(await firstSwap(id)) });
    const before = (await svc.client.getGame({ id })).game!;
    const second = await startSessions({ DATABASE_URL: svc.env.DATABASE_URL! });
    try {
      const credential = svc.client.credentialOf(id);
      const elsewhere = await second.client.getGame({ id }, { sessionCredential: credential });
      expect(elsewhere.game).toEqual(before);
      // Two replicas take turns on one game: each write is checked against the other's.
      const move = {
        seq: before.seq,
        action: { $case: 'swap' as const, value: swapsOn(before)[0]! },
      };
      const next = await second.client.playAction(
        { id, ...move },
        { sessionCredential: credential },
      );
      const after = await svc.client.playAction({
        id,
        seq: next.game!.seq,
        action: { $case: 'swap', value: swapsOn(next.game!)[0]! },
      });
      expect(after.game!.seq).toBe(before.seq + 2);
    } finally {
      await second.close();
    }
  });

  it('a retry reaching another process gets the first answer, rebuilt from the log', async () => {
    const { id } = await svc.client.createSession(newSession());
    const played = [];
    let game = (await svc.client.getGame({ id })).game!;
    for (let i = 0; i < 3; i++) {
      const move = {
        id,
        seq: game.seq,
        action: { $case: 'swap' as const, value: swapsOn(game)[0]! },
      };
      played.push({ move, answer: await svc.client.playAction(move) });
      game = played.at(-1)!.answer.game!;
    }
    // The database holds the log, not the state after each action: a process that never saw
    // the game rebuilds it, and the last action's animation, from the log.
    const second = await startSessions({ DATABASE_URL: svc.env.DATABASE_URL! });
    try {
      const credential = { sessionCredential: svc.client.credentialOf(id) };
      const { move, answer } = played.at(-1)!;
      expect(await second.client.playAction(move, credential)).toEqual(answer);
      expect((await second.client.getGame({ id }, credential)).game).toEqual(game);
      // Only the last action is a retry; an earlier one is out of order.
      await expect(second.client.playAction(played[0]!.move, credential)).rejects.toMatchObject({
        code: 'FAILED_PRECONDITION',
        details: { field: 'seq' },
      });
    } finally {
      await second.close();
    }
  });

  it('an end and a swap sent to two replicas for the same place: one wins, the log stays whole', async () => {
    const second = await startSessions({ DATABASE_URL: svc.env.DATABASE_URL! });
    try {
      for (let round = 0; round < 5; round++) {
        const { id } = await svc.client.createSession(newSession());
        const credential = { sessionCredential: svc.client.credentialOf(id) };
        const game = (await svc.client.getGame({ id })).game!;
        await second.client.getGame({ id }, credential); // both replicas hold the game
        const [ended, swapped] = await Promise.allSettled([
          svc.client.playAction({ id, seq: game.seq, action: { $case: 'end', value: {} } }),
          second.client.playAction(
            { id, seq: game.seq, action: { $case: 'swap', value: swapsOn(game)[0]! } },
            credential,
          ),
        ]);
        expect([ended.status, swapped.status].sort()).toEqual(['fulfilled', 'rejected']);
        const lost = (ended.status === 'rejected' ? ended : swapped) as PromiseRejectedResult;
        expect(lost.reason).toMatchObject({ code: 'FAILED_PRECONDITION' });
        const scoring = await svc.client.getSessionForScoring({ id });
        // The end won: the game ended with nothing logged; the swap won: it is logged, not ended.
        expect(scoring.finished).toBe(ended.status === 'fulfilled');
        expect(scoring.actionCodes).toHaveLength(ended.status === 'fulfilled' ? 0 : 1);
      }
    } finally {
      await second.close();
    }
  });
});

describe('timing by the server clock', () => {
  it.each([
    ['20 ms a move', 20],
    ['exactly 500 ms a move', 500],
  ])('a game played at %s is flagged when it ends', async (_label, gap) => {
    const flagged = await listen(svc.bus, 'session.flagged');
    const { id } = await svc.client.createSession(newSession({ playerName: 'Bot' }));
    await playOut(id, () => gap, 30);
    const scoring = await svc.client.getSessionForScoring({ id });
    expect(scoring.suspicious).toBe(true);
    expect(await flagged.next()).toMatchObject({ sessionId: id, source: 'server' });
    const session = (await svc.admin.getSession({ id })).session!;
    expect(session.flags.map((f) => f.type)).toContain('SUSPICIOUS_TIMING');
    flagged.stop();
  });
});

describe('seed shopping', () => {
  it('starts are limited per address and per player; admins see started against finished', async () => {
    const limited = await startSessions({
      RANKED_STARTS_PER_HOUR_PER_ADDRESS: '3',
      RANKED_STARTS_PER_HOUR_PER_PLAYER: '2',
    });
    try {
      const ip = '198.51.100.77';
      for (let i = 0; i < 3; i++)
        await limited.client.createSession(newSession({ clientAddress: ip }));
      await expect(
        limited.client.createSession(newSession({ clientAddress: ip })),
      ).rejects.toMatchObject({
        code: 'RESOURCE_EXHAUSTED',
        message: 'Too many games started from this address in the last hour',
      });
      await expect(
        limited.client.createSession(newSession({ clientAddress: '198.51.100.78' })),
      ).resolves.toBeDefined();
      const shopper = limited.clientAs((await limited.credentials.issue('user')).authorization);
      await shopper.createSession(newSession({ clientAddress: '203.0.113.1' }));
      await shopper.createSession(newSession({ clientAddress: '203.0.113.2' }));
      await expect(
        shopper.createSession(newSession({ clientAddress: '203.0.113.3' })),
      ).rejects.toMatchObject({
        message: 'Too many games started by this player in the last hour',
      });

      const { rows } = await limited.admin.listStarts({ by: 'address', since: '', limit: 0 });
      expect(rows[0]).toMatchObject({ key: ip, started: 3, finished: 0 });
      const byPlayer = await limited.admin.listStarts({ by: 'player', since: '', limit: 10 });
      expect(byPlayer.rows.some((r) => r.key.startsWith('user:') && r.started === 2)).toBe(true);
      await expect(
        limited.admin.listStarts({ by: 'colour', since: '', limit: 0 }),
      ).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', details: { field: 'by' } });
    } finally {
      await limited.close();
    }
  });
});

it('unknown sessions are NOT_FOUND', async () => {
  for (const id of [randomUUID(), 'nope']) {
    await expect(svc.client.getGame({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  }
});
