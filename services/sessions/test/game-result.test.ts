import { swapsOn } from '@ballmatch/kit';
import { createKnex, loadServicePublicKeys, verifyGameResult } from '@ballmatch/platform';
import { perFile } from '@ballmatch/platform/testing';
import { newSession } from './fixtures';
import { MANY_STARTS, startSessions } from './harness';
import { humanGap, playOut } from './play';

// Issue 21: when a game ends, this service signs its result once (its service key) and keeps it
// with the game; the end's answer carries it, and so does every later read of the ended game by
// its owner (gRPC, the game socket), so the score goes to scores in one step.

const svc = perFile(() => startSessions(MANY_STARTS));
afterEach(() => svc.clock.real());

/** What scores checks a result against: sessions' public key (here its development key). */
const verify = (token: string) =>
  verifyGameResult(
    token,
    loadServicePublicKeys('sessions', undefined, svc.env.JWT_DEV_KEY_DIR),
    svc.clock.now(),
  );

describe("an ended game's signed result", () => {
  it('comes with the end, and with every later read by its owner: the same token, kept with the game', async () => {
    const { id, game } = await svc.client.createSession(newSession({ playerName: 'Signed' }));
    expect(game!.result).toBe('');
    // Ended by the player after 10 actions, so that its last action is the end.
    const final = await playOut(svc, id, humanGap, { maxActions: 10 });
    expect(final.status).toBe('ended');
    const scoring = await svc.client.getSessionForScoring({ id });
    expect(await verify(final.result)).toEqual({
      sessionId: id,
      userId: null,
      score: final.score,
      level: final.level!.currentLevel,
      moves: final.totalMoves,
      largestRun: final.largestRun,
      startedAt: new Date(scoring.createdAt),
      finishedAt: new Date(scoring.finishedAt),
      suspicious: false,
    });
    // Read again (the page's view route, a retried end): the same token.
    expect((await svc.client.getGame({ id })).game!.result).toBe(final.result);
    const retried = await svc.client.playAction({
      id,
      seq: final.seq - 1,
      action: { $case: 'end', value: {} },
    });
    expect(retried.game!.result).toBe(final.result);
    // Kept with the game: a process that does not hold it reads it from there.
    const db = createKnex({ url: svc.env.DATABASE_URL!, schema: 'sessions' });
    try {
      expect(await db('games').where({ session_id: id }).first('result')).toEqual({
        result: final.result,
      });
    } finally {
      await db.destroy();
    }
  });

  it("names the signed-in owner's account, and a game the timing rules flagged as suspicious", async () => {
    const ann = await svc.credentials.issue('user');
    const device = svc.clientAs(ann.authorization);
    const { id } = await device.createSession(newSession({ playerName: 'Ann' }));
    let game = (await device.getGame({ id })).game!;
    svc.clock.set('2031-03-03T10:00:00.000Z');
    // A bot's even 20 ms between actions: the server's timing rules flag it when it ends.
    for (let i = 0; i < 12 && game.status === 'active' && game.hasMoves; i++) {
      svc.clock.advance(20);
      game = (
        await device.playAction({
          id,
          seq: game.seq,
          action: { $case: 'swap', value: swapsOn(game)[0]! },
        })
      ).game!;
    }
    svc.clock.advance(20);
    const ended = (
      await device.playAction({ id, seq: game.seq, action: { $case: 'end', value: {} } })
    ).game!;
    expect(await verify(ended.result)).toMatchObject({
      sessionId: id,
      userId: ann.userId,
      suspicious: true,
    });
    // Another account reads nothing of it.
    const bob = await svc.credentials.issue('user');
    await expect(svc.clientAs(bob.authorization).getGame({ id })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
  });

  it('comes with the end over the game socket too, and with a retried end there', async () => {
    const { id, credential, game } = await svc.client.createSession(newSession());
    const ws = await svc.openSocket();
    let shown = game!;
    svc.clock.set('2031-03-03T10:00:00.000Z');
    /** The game the answer to this action shows. */
    const play = async (action: unknown) => {
      const frame = await ws.ask({
        type: 'action',
        session: id,
        seq: shown.seq,
        credential,
        action,
      });
      if (frame.type !== 'answer') throw new Error(`refused: ${JSON.stringify(frame)}`);
      return frame.answer.game as typeof shown;
    };
    for (let i = 0; i < 5; i++) {
      svc.clock.advance(humanGap(i));
      shown = await play({ type: 'swap', ...swapsOn(shown)[0]! });
    }
    svc.clock.advance(humanGap(5));
    const ended = await play({ type: 'end' });
    expect(ended.status).toBe('ended');
    expect(await verify(ended.result)).toMatchObject({
      sessionId: id,
      score: ended.score,
      moves: 5,
    });
    const again = await ws.ask({
      type: 'action',
      session: id,
      seq: shown.seq,
      credential,
      action: { type: 'end' },
    });
    expect(again).toMatchObject({ type: 'answer', answer: { game: { result: ended.result } } });
  });
});
