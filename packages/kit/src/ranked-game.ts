import {
  createGame,
  findMoves,
  gridFromCells,
  type Color,
  type GameState,
  type Move,
  type PlayerView,
} from '@ballmatch/engine';
import { greedy } from '@ballmatch/engine/bots';
import { actionOn } from './play-out';

/**
 * The ranked-game client: a game played through the HTTP API as the browser plays it (a
 * session, then one action at a time with the session's credential; docs/api.md 'Ranked
 * games'), its moves chosen by the engine's greedy bot on the board the server shows. Any HTTP
 * client plays it: it is given `post`, which sends one JSON POST and answers the 200's JSON.
 */

/** One POST of the API with a JSON body; answers the JSON of a 200 and throws on anything else. */
export type Post = (
  path: string,
  body: unknown,
  headers: Record<string, string>,
) => Promise<unknown>;

/** The held game as the server shows it: the engine's player view, and its result once ended. */
export interface ShownGame extends PlayerView {
  /** Once ended: its result as sessions signed it. */
  result?: string;
}

export type RankedAction =
  | { type: 'swap'; from: { x: number; y: number }; to: { x: number; y: number } }
  | { type: 'reset' }
  | { type: 'extraMoves' }
  | { type: 'end' };

/** The engine's random generator is the server's secret: the bot plays on a made-up one. */
const madeUpRng = createGame('a guess at the refills').rng;

/** The game shown, as an engine state the bot can play on (its refills are guesses). */
export function stateOf(game: Omit<ShownGame, 'seq' | 'hasMoves'>): GameState {
  return {
    grid: gridFromCells(game.grid as Color[]),
    score: game.score,
    level: game.level,
    totalMoves: game.totalMoves,
    totalMatches: game.totalMatches,
    largestRun: game.largestRun,
    extraMovesGranted: game.extraMovesGranted,
    status: game.status,
    rng: [...madeUpRng],
  } as GameState;
}

/**
 * The next action on the game shown, as a person would take it: the greedy swap (target balls
 * first, then points), a reset when the board has no move, the extra moves once when the level
 * runs out (if `canEarnExtraMoves`: the reward ad can be followed), else the end.
 */
export const nextAction = (game: ShownGame, canEarnExtraMoves = false): RankedAction =>
  actionOn(game, greedySwap, canEarnExtraMoves);

/** The engine's greedy bot's swap on the board shown (a player keen on target balls, then points). */
export function greedySwap(game: Omit<ShownGame, 'seq' | 'hasMoves'>): Move {
  const state = stateOf(game);
  const moves = findMoves(state);
  return moves[greedy(state, moves)]!;
}

export interface ShortGameOptions {
  /**
   * Swaps before the player ends the game (default 4: the server judges a game's pace from
   * its fifth move on, and a script plays faster than a person, which would hold its score).
   */
  swaps?: number;
  /** The session's device fingerprint (default: 50 characters of its own). */
  deviceFingerprint?: string;
}

/** A ranked game's session as its start answered it: the game, and what later calls carry. */
export interface StartedGame<Offers = unknown> {
  sessionId: string;
  credential: string;
  /** The header every later call about the session carries (the submission too). */
  owner: { 'x-session-credential': string };
  playerName: string;
  /** The game as the server shows it at the start. */
  game: ShownGame;
  /** The game's ad offers, as the session's start answered them (null: ads were down). */
  offers: Offers | null;
}

/** Starts a ranked game's session for `playerName` (POST /api/player-sessions) as the page does. */
export async function startRankedGame<Offers = unknown>(
  post: Post,
  playerName: string,
  deviceFingerprint = 'ranked-game client'.padEnd(50, '-'),
): Promise<StartedGame<Offers>> {
  const created = (await post(
    '/api/player-sessions',
    { playerName, sessionId: crypto.randomUUID(), deviceFingerprint },
    {},
  )) as { id: string; credential: string; game: ShownGame; offers?: Offers | null };
  return {
    sessionId: created.id,
    credential: created.credential,
    owner: { 'x-session-credential': created.credential },
    playerName,
    game: created.game,
    offers: created.offers ?? null,
  };
}

/** The path of a session's actions (POST, with the session's credential). */
export const actionsPath = (sessionId: string) => `/api/player-sessions/${sessionId}/actions`;

/** The path of a session's game as the server has it now (GET, with the session's credential). */
export const gamePath = (sessionId: string) => `/api/player-sessions/${sessionId}/game`;

/** The game `started` as it was left (`game`, as the server last showed it). */
export function rankedGameOf<Offers>(
  started: StartedGame<Offers>,
  game: Pick<ShownGame, 'score' | 'totalMoves' | 'result'> & { level: { currentLevel: number } },
): RankedGame<Offers> {
  const { sessionId, credential, owner, playerName, offers } = started;
  return {
    sessionId,
    credential,
    owner,
    playerName,
    score: game.score,
    level: game.level.currentLevel,
    moves: game.totalMoves,
    result: game.result,
    offers,
  };
}

/** A finished ranked game (its session as started, its figures as it ended): what its submission needs. */
export interface RankedGame<Offers = unknown> extends Omit<StartedGame<Offers>, 'game'> {
  score: number;
  level: number;
  moves: number;
  /** Its result as sessions signed it. */
  result?: string;
}

/** A ranked game of `swaps` greedy swaps, then the player's end. */
export async function playShortGame<Offers = unknown>(
  post: Post,
  playerName: string,
  { swaps = 4, deviceFingerprint }: ShortGameOptions = {},
): Promise<RankedGame<Offers>> {
  const started = await startRankedGame<Offers>(post, playerName, deviceFingerprint);
  let game = started.game;
  const act = async (action: RankedAction) => {
    const answer = await post(
      actionsPath(started.sessionId),
      { seq: game.seq, action },
      started.owner,
    );
    game = (answer as { game: ShownGame }).game;
  };
  for (let turn = 0; turn < swaps && game.status === 'active' && game.hasMoves; turn++) {
    await act(nextAction(game));
  }
  if (game.status !== 'ended') await act({ type: 'end' });
  return rankedGameOf(started, game);
}

/** The game's submission (POST /api/scores) as the page sends it, with its signed result. */
export function submissionOf(game: RankedGame, extra: Record<string, unknown> = {}) {
  return {
    path: '/api/scores',
    body: {
      playerName: game.playerName,
      score: game.score,
      level: game.level,
      moves: game.moves,
      sessionId: game.sessionId,
      ...(game.result ? { result: game.result } : {}),
      ...extra,
    },
    headers: game.owner,
  };
}
