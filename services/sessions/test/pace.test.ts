import { answerDisplay, type AnswerShape } from '@ballmatch/engine';
import { greedySwap, type Pace, type PlayOptions } from '@ballmatch/kit';
import { perFile } from '@ballmatch/platform/testing';
import type { GameView } from '../src/domain/games';
import { newSession } from './fixtures';
import { openGameSocket } from './game-socket-client';
import { MANY_STARTS, startSessions } from './harness';
import { playOverSocket } from './play';

/**
 * The page-pace rule (docs/api.md 'Move timing'): a game whose actions keep arriving before the
 * page could have shown the answer before them is held for review. Whole games over the game
 * socket, timed by the service's clock as it would time a bot or a person.
 */
const svc = perFile(() => startSessions(MANY_STARTS));
afterEach(() => svc.clock.real());

/** A whole game over the game socket at this pace; answers the session's id. */
async function playOver(gapMs: Pace, choose?: PlayOptions<GameView>['choose']) {
  const { id, credential, game } = await svc.client.createSession(newSession());
  const open = () => openGameSocket(`ws://127.0.0.1:${svc.running.gameWsPort}/ws/game`);
  const session = { id, credential, game: game as unknown as GameView };
  const { ws } = await playOverSocket(svc, session, { open, gapMs, choose, actionsPerSocket: 30 });
  ws.close();
  return id;
}

/** Deterministic numbers in [0, 1) (a Weyl sequence: spread evenly, never a rhythm). */
const spread = (i: number, salt: number) => ((i + 1) * 0.6180339887 + salt * 0.7548776662) % 1;

describe('the page-pace rule, on whole games over the game socket', () => {
  it('a bot answering every 150-400 ms, its gaps varied, ends held for review', async () => {
    const id = await playOver((i) => 150 + Math.round(spread(i, 1) * 250), greedySwap);
    const { session, timing } = await svc.admin.getSession({ id });
    expect(session!.suspicious).toBe(true);
    expect(session!.flags).toHaveLength(1);
    const [flag] = session!.flags;
    expect(flag).toMatchObject({ type: 'SUSPICIOUS_TIMING', details: expect.any(String) });
    // The gaps' own rules see nothing wrong: it is the page's pace that no person can beat.
    expect(timing!.flags).toEqual(['fasterThanAnimation']);
    expect(flag!.details).toMatch(
      /answers followed before the page could show them \[fasterThanAnimation\]$/,
    );
    // What the scores service holds a score on.
    expect((await svc.client.getSessionForScoring({ id })).suspicious).toBe(true);
  });

  it('a person on a bad network, quick to act once the page has shown each answer, is not held', async () => {
    // The page's way, at its fastest (reduced motion): an action leaves when the player acts,
    // its answer's opening plays while it travels (d ms to the server, u ms back), the rest
    // once the answer is in, then the player acts (100 ms to 1.5 s later). The server times
    // each action when it arrives, so the network's jitter moves every arrival.
    let sentAt = 0;
    let arrivedAt = 0;
    let trip = { to: 0, back: 0 };
    const pace = (i: number, shown: AnswerShape | null) => {
      const display = answerDisplay(shown ?? { cascadeSteps: 0, levelUp: false });
      const think = 100 + Math.round(spread(i, 2) * 1400);
      sentAt += Math.max(display.openingMs, trip.to + trip.back) + display.afterAnswerMs + think;
      trip = {
        to: 20 + Math.round(spread(i, 3) * 780),
        back: 20 + Math.round(spread(i, 4) * 780),
      };
      const gap = sentAt + trip.to - arrivedAt;
      arrivedAt += gap;
      return gap;
    };
    const id = await playOver(pace);
    const { session, timing } = await svc.admin.getSession({ id });
    expect(session!.suspicious).toBe(false);
    expect(session!.flags).toEqual([]);
    expect(timing!.flags).toEqual([]);
    expect((await svc.client.getSessionForScoring({ id })).suspicious).toBe(false);
  });
});
