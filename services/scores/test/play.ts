import {
  ANIMATION,
  answerDisplay,
  findMoves,
  gridFromCells,
  type AnswerShape,
  type Cell,
  type Color,
} from '@ballmatch/engine';

/**
 * Playing a ranked game the way a player does: against the sessions service, one action at a
 * time, the service's test clock moved between actions so the server times them as it would
 * a person's (or a bot's). The same player serves the scores tests (gRPC) and the gateway's
 * (HTTP): `send` applies one action and answers the game after it.
 */

/** The held game as the player sees it (sessions.v1 Game, or its JSON over HTTP). */
export interface ShownGame {
  grid: string[];
  score: number;
  level?: { currentLevel: number } | undefined;
  totalMoves: number;
  extraMovesGranted: boolean;
  status: string;
  hasMoves: boolean;
  seq: number;
  /** Once ended: its result as sessions signed it. */
  result?: string;
}

export type PlayerAction =
  | { type: 'swap'; from: Cell; to: Cell }
  | { type: 'reset' }
  | { type: 'extraMoves' }
  | { type: 'end' };

/** An action's answer, as much of it as the player reads: the game, and what the page shows. */
export interface PlayedAnswer {
  game: ShownGame;
  steps: readonly unknown[];
  levelUp?: unknown;
}

export interface PlayOptions {
  /**
   * Milliseconds between action i - 1 and action i by the server's clock, knowing what the
   * answer to action i - 1 showed (null before the first).
   */
  gapMs?: (i: number, shown: AnswerShape | null) => number;
  /** Moves the sessions service's clock on by this many milliseconds. */
  advance(ms: number): void;
  /** Swaps to make before ending the game (default: until the game ends by itself). */
  maxMoves?: number;
  /** Leave the game unfinished after `maxMoves` (default: end it). */
  finish?: boolean;
  /** Picks the swaps (default 1). */
  rngSeed?: number;
  /** Picks the swap on the board shown (default: a random one of them). */
  choose?: (game: ShownGame) => { from: Cell; to: Cell };
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

/**
 * A person's uneven pace: the page shows the answer before (at the normal speed), then 400 to
 * 2,400 ms, never the same rhythm twice.
 */
export function humanPace(seed = 1): (i: number, shown: AnswerShape | null) => number {
  const random = randomSource(seed * 7919 + 17);
  return (_i, shown) =>
    (shown ? answerDisplay(shown, ANIMATION).totalMs : 0) + 400 + Math.floor(random() * 2000);
}

/** The swaps the board shown allows, as a player finds them. */
export function swapsOn(game: ShownGame) {
  return findMoves({ grid: gridFromCells(game.grid as Color[]) });
}

/**
 * Plays random valid swaps, takes the extra moves once, resets a board without moves, until
 * the game ends (or `maxMoves` swaps were made: then it ends the game, unless `finish` is
 * false). Answers the game as it was left.
 */
export async function playOut(
  start: ShownGame,
  send: (seq: number, action: PlayerAction) => Promise<PlayedAnswer>,
  options: PlayOptions,
): Promise<ShownGame> {
  const random = randomSource(options.rngSeed ?? 1);
  const gap = options.gapMs ?? humanPace(options.rngSeed ?? 1);
  const maxMoves = options.maxMoves ?? Infinity;
  let game = start;
  let shown: AnswerShape | null = null;
  const play = async (action: PlayerAction) => {
    const answer = await send(game.seq, action);
    shown = { cascadeSteps: answer.steps.length, levelUp: (answer.levelUp ?? null) !== null };
    return answer.game;
  };
  for (let i = 0; game.status !== 'ended' && game.totalMoves < maxMoves; i++) {
    options.advance(gap(i, shown));
    let action: PlayerAction;
    if (game.status === 'gameOverPending') {
      action = game.extraMovesGranted ? { type: 'end' } : { type: 'extraMoves' };
    } else if (!game.hasMoves) {
      action = { type: 'reset' };
    } else {
      const moves = swapsOn(game);
      const move = options.choose?.(game) ?? moves[Math.floor(random() * moves.length)]!;
      action = { type: 'swap', from: move.from, to: move.to };
    }
    game = await play(action);
  }
  if (game.status !== 'ended' && options.finish !== false) {
    options.advance(gap(-1, shown));
    game = await play({ type: 'end' });
  }
  return game;
}
