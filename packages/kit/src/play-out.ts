import {
  ANIMATION,
  answerDisplay,
  findMoves,
  gridFromCells,
  type AnswerShape,
  type Color,
  type Move,
} from '@ballmatch/engine';
import type { RankedAction, ShownGame } from './ranked-game';

/**
 * A ranked game played out the way a player does it, against a server whose clock the test
 * holds: one action at a time, the clock moved on between actions so the server times them as
 * it would a person's (or a bot's). Any way of sending an action serves (the HTTP API, the game
 * socket, sessions' gRPC): `send` applies one action and answers the game after it.
 */

/**
 * What the player reads of the game shown: the API's JSON (`ShownGame`), sessions.v1 Game (its
 * status a string, its level optional) or the game socket's.
 */
export type PlayingGame = Pick<
  ShownGame,
  'grid' | 'totalMoves' | 'extraMovesGranted' | 'hasMoves' | 'seq'
> & { status: string };

/** Milliseconds before action i, knowing what the answer before it showed (null: none yet). */
export type Pace = (i: number, shown: AnswerShape | null) => number;

/** An action's answer, as much of it as the player reads: the game, and what the page shows. */
export interface PlayedAnswer<G extends PlayingGame = ShownGame> {
  game: G;
  steps?: readonly unknown[];
  levelUp?: unknown;
}

/** Deterministic random numbers in [0, 1) (mulberry32). */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What an answer makes the page show (its cascade's rounds, a level-up). */
export function answerShape(answer: Omit<PlayedAnswer<PlayingGame>, 'game'>): AnswerShape {
  return {
    cascadeSteps: Array.isArray(answer.steps) ? answer.steps.length : 0,
    levelUp: answer.levelUp !== undefined && answer.levelUp !== null,
  };
}

/**
 * A person's uneven pace: the page shows the answer before (at the normal speed), then 400 to
 * 2,400 ms, never the same rhythm twice.
 */
export function humanPace(seed = 1): Pace {
  const random = randomSource(seed * 7919 + 17);
  return (_i, shown) =>
    (shown ? answerDisplay(shown, ANIMATION).totalMs : 0) + 400 + Math.floor(random() * 2000);
}

/** The swaps the board shown allows, as a player finds them. */
export function swapsOn(game: Pick<PlayingGame, 'grid'>): Move[] {
  return findMoves({ grid: gridFromCells(game.grid as Color[]) });
}

/**
 * The action a player takes on the game shown: the swap `choose` picks while the board has
 * one, a reset when it has none, the extra moves once when the level runs out (if
 * `canEarnExtraMoves`: the reward ad can be followed), else the end.
 */
export function actionOn<G extends PlayingGame>(
  game: G,
  choose: (game: G) => Pick<Move, 'from' | 'to'>,
  canEarnExtraMoves = false,
): RankedAction {
  if (game.status === 'gameOverPending') {
    return game.extraMovesGranted || !canEarnExtraMoves ? { type: 'end' } : { type: 'extraMoves' };
  }
  if (!game.hasMoves) return { type: 'reset' };
  const { from, to } = choose(game);
  return { type: 'swap', from, to };
}

/** An action as sessions.v1 PlayActionRequest has it. */
export function grpcAction(action: RankedAction) {
  switch (action.type) {
    case 'swap':
      return { $case: 'swap' as const, value: { from: action.from, to: action.to } };
    case 'reset':
      return { $case: 'reset' as const, value: {} };
    case 'extraMoves':
      return { $case: 'extraMoves' as const, value: {} };
    case 'end':
      return { $case: 'end' as const, value: {} };
  }
}

export interface PlayOptions<G extends PlayingGame = ShownGame> {
  /** Moves the server's clock on by this many milliseconds. */
  advance(ms: number): void;
  /**
   * Milliseconds before action i by the server's clock (i = -1: before the end the player
   * sends after `maxMoves` or `maxActions`); default a person's pace, `humanPace(rngSeed)`.
   */
  gapMs?: Pace;
  /** Swaps to make before ending the game (default: until the game ends by itself). */
  maxMoves?: number;
  /** Actions to send before ending the game (default: until the game ends by itself). */
  maxActions?: number;
  /** Leave the game unfinished after `maxMoves` or `maxActions` (default: end it). */
  finish?: boolean;
  /** Seeds the random swaps and the default pace (default 1). */
  rngSeed?: number;
  /** Picks the swap on the board shown (default: a random one of them). */
  choose?: (game: G) => Pick<Move, 'from' | 'to'>;
}

/**
 * Plays the game from `start`: the chosen swaps, a reset for a board without moves, the extra
 * moves once, until the game ends (or `maxMoves` swaps or `maxActions` actions were sent: then
 * it ends the game, unless `finish` is false). Answers the game as it was left.
 */
export async function playOut<G extends PlayingGame>(
  start: G,
  send: (seq: number, action: RankedAction) => Promise<PlayedAnswer<G>>,
  options: PlayOptions<G>,
): Promise<G> {
  const random = randomSource(options.rngSeed ?? 1);
  const gap = options.gapMs ?? humanPace(options.rngSeed ?? 1);
  const maxMoves = options.maxMoves ?? Infinity;
  const maxActions = options.maxActions ?? Infinity;
  const choose =
    options.choose ??
    ((game: G) => {
      const moves = swapsOn(game);
      return moves[Math.floor(random() * moves.length)]!;
    });
  let game = start;
  let shown: AnswerShape | null = null;
  const play = async (action: RankedAction) => {
    const answer = await send(game.seq, action);
    shown = answerShape(answer);
    game = answer.game;
  };
  for (let i = 0; game.status !== 'ended' && game.totalMoves < maxMoves && i < maxActions; i++) {
    options.advance(gap(i, shown));
    await play(actionOn(game, choose, true));
  }
  if (game.status !== 'ended' && options.finish !== false) {
    options.advance(gap(-1, shown));
    await play({ type: 'end' });
  }
  return game;
}
