import { ANIMATION, answerDisplay, type AnswerShape } from '@ballmatch/engine';
import {
  grpcAction,
  playOut as play,
  swapsOn,
  type Pace,
  type PlayedAnswer,
  type PlayingGame,
  type PlayOptions,
} from '@ballmatch/kit';
import type { GameView } from '../src/domain/games';
import type { GameSocketClient } from './game-socket-client';
import type { SessionsHarness } from './harness';

/**
 * These tests' player, on @ballmatch/kit's (playOut): the first swap shown, the reward ad
 * followed (the stand-in clicked) before the extra moves, the service's clock moved between
 * actions, the end sent straight after the last action.
 */

/**
 * The gap a person leaves before action i: the page shows the answer before it (`shown`, at the
 * normal speed), then 400 to 2,500 ms, uneven.
 */
export const humanGap = (i: number, shown: AnswerShape | null = null) =>
  (shown ? answerDisplay(shown, ANIMATION).totalMs : 0) + 400 + ((i * 7919) % 2100);

const firstSwap = (game: PlayingGame) => swapsOn(game)[0]!;

/** The player's options on the session's game: `gapMs` between actions, none before the end. */
function player<G extends PlayingGame>(
  svc: SessionsHarness,
  gapMs: Pace,
  more: Omit<PlayOptions<G>, 'advance' | 'gapMs'>,
): PlayOptions<G> {
  return {
    choose: firstSwap,
    ...more,
    advance: (ms) => svc.clock.advance(ms),
    gapMs: (i, shown) => (i < 0 ? 0 : gapMs(i, shown)),
  };
}

/**
 * Plays the session's game through the service until it ends (taking the extra moves once,
 * after following the reward ad), or for `maxActions` actions and then ends it: one action
 * `gapMs(i, shown)` later on the service's clock each time (which starts at `startAt`).
 */
export async function playOut(
  svc: SessionsHarness,
  id: string,
  gapMs: Pace,
  {
    maxActions = 400,
    startAt = '2031-03-03T10:00:00.000Z',
  }: { maxActions?: number; startAt?: Date | string } = {},
) {
  const { game } = await svc.client.getGame({ id });
  svc.clock.set(startAt);
  return play(
    game!,
    async (seq, action) => {
      if (action.type === 'extraMoves') svc.rewardClicks.click(id);
      const answer = await svc.client.playAction({ id, seq, action: grpcAction(action) });
      return { ...answer, game: answer.game! };
    },
    player(svc, gapMs, { maxActions }),
  );
}

/**
 * Plays a session's game over the game socket until it ends (the extra moves taken once, after
 * following the reward ad): before each action the service's clock moves on by
 * `gapMs(i, shown)`; `choose` picks the swap (default the first one shown). The socket's message
 * limit counts real seconds while this game's minutes pass in milliseconds: a new socket from
 * `open` every `actionsPerSocket` actions, if given. Answers the ended game and the socket last
 * used (still open).
 */
export async function playOverSocket(
  svc: SessionsHarness,
  session: { id: string; credential: string; game: GameView },
  options: {
    open(): Promise<GameSocketClient>;
    gapMs: Pace;
    choose?: PlayOptions<GameView>['choose'];
    actionsPerSocket?: number;
  },
): Promise<{ game: GameView; ws: GameSocketClient }> {
  const { id, credential } = session;
  const perSocket = options.actionsPerSocket ?? Infinity;
  let ws = await options.open();
  let sent = 0;
  svc.clock.set('2031-03-03T10:00:00.000Z');
  const game = await play(
    session.game,
    async (seq, action) => {
      if (sent > 0 && sent % perSocket === 0) {
        ws.close();
        ws = await options.open();
      }
      sent += 1;
      if (action.type === 'extraMoves') svc.rewardClicks.click(id);
      const frame = await ws.ask({ type: 'action', session: id, seq, credential, action });
      if (frame.type !== 'answer' || frame.session !== id || frame.seq !== seq) {
        throw new Error(`not the answer to action ${seq}: ${JSON.stringify(frame)}`);
      }
      return frame.answer as unknown as PlayedAnswer<GameView>;
    },
    player(svc, options.gapMs, {
      ...(options.choose && { choose: options.choose }),
      maxActions: 1000,
      finish: false,
    }),
  );
  if (game.status !== 'ended') throw new Error('the game did not end in 1000 actions');
  return { game, ws };
}
