// The engine plays every game exactly as it did before it was made faster (issue 14): the same
// boards, draws, cascades, steps, scores, refusals and replays, byte for byte as JSON, compared
// with a verbatim copy of the engine before the change (bench/engine-before).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as before from '../bench/engine-before/game';
import { replay as replayBefore } from '../bench/engine-before/replay';
import {
  createGame,
  endGame,
  findMoves,
  grantExtraMoves,
  parseGameLog,
  encodeGameLog,
  replay,
  resetGrid,
  swap,
} from '../src';
import type { Cell, GameLog, GameState, ReplayResult } from '../src';
import { deepFreeze } from './helpers';

/** mulberry32: the test's own choices, independent of the engine's PRNG. */
function chooser(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Both engines' answers as JSON (key order included), with a readable diff when they differ. */
function expectSame(now: unknown, then: unknown): void {
  const a = JSON.stringify(now);
  const b = JSON.stringify(then);
  if (a !== b) expect(JSON.parse(a)).toEqual(JSON.parse(b));
}

/**
 * A replay as the engine before gave it: `answers` (each entry's cascade, for the timing rule)
 * came later, and is checked against the live answers in display.test.ts.
 */
const asBefore = (result: ReplayResult) => (result.ok ? { ...result, answers: undefined } : result);

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

const GAMES = 2_000;

describe('equivalence with the engine before the speed-up', () => {
  it(`plays ${GAMES.toLocaleString('en-GB')} random games identically, live and replayed`, () => {
    let actions = 0;
    for (let game = 0; game < GAMES; game++) {
      const seed = `equivalence-${game}`;
      const pick = chooser(game);
      let state: GameState = createGame(seed);
      expectSame(state, before.createGame(seed));
      const log: GameLog = [];
      let at = 1_000;
      while (state.status !== 'ended' && log.length < 400) {
        at += 100 + pick(2000);
        // Odd games pass the engine's own state back, as the sessions service does (its grid
        // remembers its board); even ones come back from storage as JSON, and every tenth game
        // is frozen to catch a write.
        const input: GameState = game % 2 === 1 ? state : JSON.parse(JSON.stringify(state));
        if (game % 10 === 0) deepFreeze(input);
        if (input.status === 'gameOverPending' && pick(10) === 0) {
          expectSame(endGame(input), before.endGame(input));
          break;
        }
        const moves = findMoves(input);
        expectSame(moves, before.findMoves(input));
        let result: { ok: boolean; state: GameState };
        if (input.status === 'gameOverPending') {
          result = grantExtraMoves(input);
          expectSame(result, before.grantExtraMoves(input));
          if (result.ok) log.push({ type: 'extraMoves', at });
        } else if (moves.length === 0 || pick(50) === 0) {
          result = resetGrid(input); // refused while a move exists: compared all the same
          expectSame(result, before.resetGrid(input));
          if (result.ok) log.push({ type: 'reset', at });
        } else {
          const { from, to } = pickSwap(moves, pick);
          result = swap(input, from, to);
          expectSame(result, before.swap(input, from, to));
          if (result.ok) log.push({ type: 'swap', from, to, at });
        }
        actions++;
        if (result.ok) state = result.state;
      }
      expectSame(asBefore(replay(seed, log)), replayBefore(seed, log));
      // A log cut short or with one entry turned impossible is judged the same way too.
      const cut = log.slice(0, pick(log.length + 1));
      expectSame(asBefore(replay(seed, cut)), replayBefore(seed, cut));
      if (log.length > 0) {
        const broken = [...log];
        broken[pick(log.length)] = { type: 'swap', from: { x: 0, y: 0 }, to: { x: 2, y: 0 }, at };
        expectSame(asBefore(replay(seed, broken)), replayBefore(seed, broken));
      }
    }
    expect(actions).toBeGreaterThan(GAMES * 30);
  });

  it('replays the pinned 300-move game identically', () => {
    const fixture = JSON.parse(
      readFileSync(join(__dirname, '..', 'bench', 'fixtures', 'long-game.json'), 'utf8'),
    );
    const decoded = parseGameLog(JSON.stringify(fixture.log));
    if (!decoded.ok) throw new Error(decoded.error);
    expectSame(
      asBefore(replay(fixture.seed, decoded.log)),
      replayBefore(fixture.seed, decoded.log),
    );
    expect(encodeGameLog(decoded.log)).toEqual(fixture.log);
  });
});
