import {
  ANIMATION,
  answerDisplay,
  findMoves,
  gridFromCells,
  type AnswerShape,
  type Color,
  type GameState,
} from '@ballmatch/engine';
import { greedySwap } from '@ballmatch/kit';
import type { sessionsV1 } from '@ballmatch/proto';
import type { GameView } from '../src/domain/games';
import type { GameSocketClient } from './game-socket-client';
import type { SessionsHarness } from './harness';

/** The swaps the board shown allows, as a player would find them. */
export function movesOn(game: Pick<sessionsV1.Game, 'grid'>) {
  return findMoves({ grid: gridFromCells(game.grid as Color[]) });
}

/** The engine's greedy bot's swap on the game shown (a bot keen on points and levels). */
export const greedyMove = (game: Omit<GameState, 'grid' | 'rng'> & { grid: readonly string[] }) =>
  greedySwap({ ...game, grid: [...game.grid] });

/** What an answer makes the page show (its cascade's rounds, a level-up). */
export function shapeOf(answer: object): AnswerShape {
  const { steps, levelUp } = answer as { steps?: unknown; levelUp?: unknown };
  return {
    cascadeSteps: Array.isArray(steps) ? steps.length : 0,
    levelUp: levelUp !== undefined && levelUp !== null,
  };
}

/**
 * The gap a person leaves before action i: the page shows the answer before it (`shown`, at the
 * normal speed), then 400 to 2,500 ms, uneven.
 */
export const humanGap = (i: number, shown: AnswerShape | null = null) =>
  (shown ? answerDisplay(shown, ANIMATION).totalMs : 0) + 400 + ((i * 7919) % 2100);

/** Milliseconds before action i, knowing what the answer before it showed (null: none yet). */
export type Pace = (i: number, shown: AnswerShape | null) => number;

/**
 * Plays the session's game through the service until it ends (taking the extra moves once,
 * after following the reward ad), or for `maxActions` actions and then ends it: one action
 * `gapMs(i, shown)` later on the service's clock each time (which starts at `startAt`), the first
 * valid swap shown.
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
  let game = (await svc.client.getGame({ id })).game!;
  let shown: AnswerShape | null = null;
  svc.clock.set(startAt);
  for (let i = 0; i < maxActions && game.status !== 'ended'; i++) {
    svc.clock.advance(gapMs(i, shown));
    if (game.status === 'gameOverPending' && !game.extraMovesGranted) svc.rewardClicks.click(id);
    const action: sessionsV1.PlayActionRequest['action'] =
      game.status === 'gameOverPending'
        ? game.extraMovesGranted
          ? { $case: 'end', value: {} }
          : { $case: 'extraMoves', value: {} }
        : game.hasMoves
          ? { $case: 'swap', value: movesOn(game)[0]! }
          : { $case: 'reset', value: {} };
    const answer = await svc.client.playAction({ id, seq: game.seq, action });
    game = answer.game!;
    shown = shapeOf(answer);
  }
  if (game.status !== 'ended') {
    game = (await svc.client.playAction({ id, seq: game.seq, action: { $case: 'end', value: {} } }))
      .game!;
  }
  return game;
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
    choose?: (game: GameView) => { from: unknown; to: unknown };
    actionsPerSocket?: number;
  },
): Promise<{ game: GameView; ws: GameSocketClient }> {
  const { id, credential } = session;
  const choose = options.choose ?? ((game: GameView) => movesOn(game)[0]!);
  const perSocket = options.actionsPerSocket ?? Infinity;
  let ws = await options.open();
  let game = session.game;
  let shown: AnswerShape | null = null;
  svc.clock.set('2031-03-03T10:00:00.000Z');
  for (let i = 0; game.status !== 'ended'; i++) {
    if (i === 1000) throw new Error('the game did not end in 1000 actions');
    if (i > 0 && i % perSocket === 0) {
      ws.close();
      ws = await options.open();
    }
    svc.clock.advance(options.gapMs(i, shown));
    if (game.status === 'gameOverPending' && !game.extraMovesGranted) svc.rewardClicks.click(id);
    const action =
      game.status === 'gameOverPending'
        ? { type: game.extraMovesGranted ? 'end' : 'extraMoves' }
        : game.hasMoves
          ? { type: 'swap', ...choose(game) }
          : { type: 'reset' };
    const frame = await ws.ask({ type: 'action', session: id, seq: game.seq, credential, action });
    if (frame.type !== 'answer' || frame.session !== id || frame.seq !== game.seq) {
      throw new Error(`not the answer to action ${game.seq}: ${JSON.stringify(frame)}`);
    }
    game = frame.answer.game as GameView;
    shown = shapeOf(frame.answer);
  }
  return { game, ws };
}
