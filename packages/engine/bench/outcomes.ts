// What the engine answers over random games (test/equivalence.test.ts): each game played from
// its seed with a chooser of its own (listed moves, refused swaps, resets, extra moves, early
// ends), then its log replayed whole, cut short and with one entry broken. A game's outcome is
// its number of actions, its final score and a hash of every answer as JSON, in order; and the
// hash of the 300-move game's replay (bench/fixtures/long-game.json).
// bench/fixtures/outcomes.json holds the outcomes of the engine before issue 14 made it faster
// (a verbatim copy of src at e70c81f, kept until issue 22), so the test holds src to that engine.
// Run: npm run bench:outcomes -w packages/engine (only when a rule changes on purpose; that
// breaks stored games, see the README's 'Randomness').
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from './report';
import {
  createGame,
  decodeGameLog,
  endGame,
  findMoves,
  grantExtraMoves,
  replay,
  resetGrid,
  swap,
} from '../src';
import type { Cell, GameLog, GameState } from '../src';

/** The actions whose answers are recorded. */
export interface RulesUnderTest {
  createGame(seed: string): GameState;
  endGame(state: GameState): unknown;
  findMoves(state: GameState): { from: Cell; to: Cell }[];
  swap(state: GameState, from: Cell, to: Cell): { ok: boolean; state: GameState };
  resetGrid(state: GameState): { ok: boolean; state: GameState };
  grantExtraMoves(state: GameState): { ok: boolean; state: GameState };
  replay(seed: string, log: GameLog): unknown;
}

/** src as the engine before answered: a replay's `answers` (each entry's cascade, for the
 * timing rule) came later, and are checked against the live answers in display.test.ts. */
export const SRC: RulesUnderTest = {
  createGame,
  endGame,
  findMoves,
  swap,
  resetGrid,
  grantExtraMoves,
  replay(seed, log) {
    const result = replay(seed, log);
    return result.ok ? { ...result, answers: undefined } : result;
  },
};

/** [actions, final score, the first 16 hex digits of the SHA-256 of every answer as JSON]. */
export type Outcome = [number, number, string];

export const OUTCOME_GAMES = 2_000;
export const outcomeSeed = (game: number): string => `equivalence-${game}`;

/** mulberry32: the game's own choices, independent of the engine's PRNG. */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** A swap as a player might try it: mostly a listed move, sometimes a refused one. */
function pickSwap(moves: { from: Cell; to: Cell }[], pick: (n: number) => number) {
  const roll = pick(100);
  if (roll < 85 || moves.length === 0) {
    const move = moves[pick(moves.length)];
    return pick(2) === 0 ? move : { from: move.to, to: move.from };
  }
  const from = { x: pick(6), y: pick(8) };
  if (roll < 95) return { from, to: { x: from.x + (pick(2) === 0 ? 1 : 0), y: from.y + 1 } };
  return { from, to: { x: pick(9) - 1, y: pick(10) - 1 } }; // anywhere, off the board too
}

/**
 * Plays game number `game`. Odd games pass the engine's own state back, as the sessions service
 * does (its grid remembers its board); even ones come back from storage as JSON, and every
 * tenth is handed to `freeze` first (a test freezes it to catch a write).
 */
export function playOutcome(
  engine: RulesUnderTest,
  game: number,
  freeze: (state: GameState) => void = () => {},
): Outcome {
  const hash = createHash('sha256');
  const answer = (value: unknown) => hash.update(`${JSON.stringify(value)}\n`);
  const seed = outcomeSeed(game);
  const pick = chooser(game);
  let state = engine.createGame(seed);
  answer(state);
  const log: GameLog = [];
  let at = 1_000;
  let actions = 0;
  while (state.status !== 'ended' && log.length < 400) {
    at += 100 + pick(2000);
    const input: GameState = game % 2 === 1 ? state : JSON.parse(JSON.stringify(state));
    if (game % 10 === 0) freeze(input);
    if (input.status === 'gameOverPending' && pick(10) === 0) {
      answer(engine.endGame(input));
      break;
    }
    const moves = engine.findMoves(input);
    answer(moves);
    let result: { ok: boolean; state: GameState };
    if (input.status === 'gameOverPending') {
      result = engine.grantExtraMoves(input);
      if (result.ok) log.push({ type: 'extraMoves', at });
    } else if (moves.length === 0 || pick(50) === 0) {
      result = engine.resetGrid(input); // refused while a move exists: recorded all the same
      if (result.ok) log.push({ type: 'reset', at });
    } else {
      const { from, to } = pickSwap(moves, pick);
      result = engine.swap(input, from, to);
      if (result.ok) log.push({ type: 'swap', from, to, at });
    }
    answer(result);
    actions++;
    if (result.ok) state = result.state;
  }
  answer(engine.replay(seed, log));
  // A log cut short or with one entry turned impossible is judged too.
  answer(engine.replay(seed, log.slice(0, pick(log.length + 1))));
  if (log.length > 0) {
    const broken = [...log];
    broken[pick(log.length)] = { type: 'swap', from: { x: 0, y: 0 }, to: { x: 2, y: 0 }, at };
    answer(engine.replay(seed, broken));
  }
  return [actions, state.score, digest(hash)];
}

const digest = (hash: ReturnType<typeof createHash>): string => hash.digest('hex').slice(0, 16);

/** The hash of the pinned 300-move game's replay as JSON. */
export function longGameOutcome(engine: RulesUnderTest): string {
  const fixture = JSON.parse(
    readFileSync(
      join(findRepoRoot(__dirname), 'packages/engine/bench/fixtures/long-game.json'),
      'utf8',
    ),
  ) as { seed: string; log: unknown };
  const decoded = decodeGameLog(fixture.log);
  if (!decoded.ok) throw new Error(decoded.error);
  return digest(
    createHash('sha256').update(JSON.stringify(engine.replay(fixture.seed, decoded.log))),
  );
}

export const outcomesFile = (): string =>
  join(findRepoRoot(__dirname), 'packages/engine/bench/fixtures/outcomes.json');

/** The fixture as Prettier lays it out (one game a line), so the lint check passes. */
function outcomesJson(note: string, longGame: string, outcomes: Outcome[]): string {
  const lines = outcomes.map((outcome) => `    ${JSON.stringify(outcome).replaceAll(',', ', ')}`);
  return [
    '{',
    `  "note": ${JSON.stringify(note)},`,
    `  "longGame": ${JSON.stringify(longGame)},`,
    `  "outcomes": [\n${lines.join(',\n')}\n  ]`,
    '}',
    '',
  ].join('\n');
}

function main(): void {
  const outcomes = Array.from({ length: OUTCOME_GAMES }, (_, game) => playOutcome(SRC, game));
  const note =
    `${OUTCOME_GAMES} games (seeds ${outcomeSeed(0)} to ${outcomeSeed(OUTCOME_GAMES - 1)}) ` +
    'played by bench/outcomes.ts with packages/engine/src: [actions, score, answers hash]; ' +
    'longGame: the hash of the 300-move game replayed';
  writeFileSync(outcomesFile(), outcomesJson(note, longGameOutcome(SRC), outcomes));
  console.log(`${outcomes.length} games -> ${outcomesFile()}`);
}

if (require.main === module) main();
