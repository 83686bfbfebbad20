import { swapsOn } from '@ballmatch/kit';
import { perFile } from '@ballmatch/platform/testing';
import { newSession, update } from './fixtures';
import type { Frame } from './game-socket-client';
import { MANY_STARTS, startSessions } from './harness';

/**
 * Ending a game from several requests at once (a double click, a page unload beside an End
 * press): every way a game is ended, all at the same instant, over real PostgreSQL. Each one
 * answers as the first end did, with the one stored end time.
 */
const svc = perFile(() => startSessions(MANY_STARTS));

const ROUNDS = 4;
const ENDS = 12;

describe('twelve ends of one game at once', () => {
  it('every way of ending answers as the first end did, with one end time', async () => {
    const ws = [await svc.openSocket(), await svc.openSocket(), await svc.openSocket()];
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await svc.client.createSession(newSession());
      const credential = svc.client.credentialOf(id);
      let game = (await svc.client.getGame({ id })).game!;
      const move = { $case: 'swap' as const, value: swapsOn(game)[0]! };
      game = (await svc.client.playAction({ id, seq: game.seq, action: move })).game!;
      const seq = game.seq;
      // The page's last update and its End press, its unload, the End button pressed twice:
      // over gRPC (the gateway's routes) and over the game socket, all at once.
      const lastUpdate = update(id, { moveCount: 1, endingSession: true });
      const ends: Promise<{ kind: string; answer: unknown }>[] = [];
      for (let i = 0; i < ENDS; i++) {
        const kind = ['end', 'update', 'action', 'socket'][i % 4]!;
        const answer = (async () => {
          switch (kind) {
            case 'end':
              return svc.client.endSession({ id });
            case 'update':
              return svc.client.updateSession(lastUpdate);
            case 'action':
              return svc.client.playAction({ id, seq, action: { $case: 'end', value: {} } });
            default: {
              const frame: Frame = await ws[i % ws.length]!.ask({
                type: 'action',
                session: id,
                seq,
                credential,
                action: { type: 'end' },
              });
              if (frame.type !== 'answer') throw new Error(JSON.stringify(frame));
              return frame.answer;
            }
          }
        })();
        ends.push(answer.then((a) => ({ kind, answer: a })));
      }
      const settled = await Promise.allSettled(ends);
      const failed = settled.filter((s) => s.status === 'rejected');
      expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
      const answers = settled.map(
        (s) => (s as PromiseFulfilledResult<{ kind: string; answer: unknown }>).value,
      );

      const { session } = await svc.admin.getSession({ id });
      expect(session!.endedAt).not.toBe('');
      const sessionAnswers = answers.filter((a) => a.kind === 'end' || a.kind === 'update');
      for (const { answer } of sessionAnswers) {
        expect(answer).toEqual({ id, flagged: false, endedAt: session!.endedAt });
      }
      const played = answers.filter((a) => a.kind === 'action').map((a) => a.answer);
      for (const answer of played) expect(answer).toEqual(played[0]);
      expect(played[0]).toMatchObject({ game: { status: 'ended', seq: seq + 1 } });
      // The socket answers the HTTP route's body for the same stored answer.
      const shown = answers.filter((a) => a.kind === 'socket').map((a) => a.answer);
      for (const answer of shown) expect(answer).toMatchObject({ game: { status: 'ended' } });
      const scoring = await svc.client.getSessionForScoring({ id });
      expect(scoring).toMatchObject({ finished: true, actionCodes: [expect.any(Number)] });
    }
  });
});
