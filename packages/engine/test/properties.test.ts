// Property tests: thousands of seeds and random legal games; the invariants must always hold.
import fc from 'fast-check';
import {
  COLORS,
  GRID_COLUMNS,
  GRID_ROWS,
  createGame,
  decodeGameLog,
  encodeGameLog,
  endGame,
  findMoves,
  grantExtraMoves,
  parseGameLog,
  replay,
  resetGrid,
  swap,
} from '../src';
import type { GameLog, GameLogEntry, GameState } from '../src';
import { boardFromGrid } from '../src/board';
import { hasRun } from '../src/matches';
import { greedy, play } from '../src/bots';
import { deepFreeze } from './helpers';

const seedArb = fc.string({ maxLength: 24 });
/** Random choices steering a game: which move, whether to take the extra moves. */
const choicesArb = fc.array(fc.nat(), { maxLength: 60 });

/** What is wrong with a board after an action resolved (a hole, a stranger, a run), or null. */
function boardProblem(state: GameState): string | null {
  if (state.grid.length !== GRID_ROWS) return 'wrong row count';
  for (const row of state.grid) {
    if (row.length !== GRID_COLUMNS) return 'wrong column count';
    for (const color of row) if (!COLORS.includes(color)) return `hole or unknown ball: ${color}`;
  }
  return hasRun(boardFromGrid(state.grid)) ? 'a run still stands' : null;
}

/** What is wrong between two consecutive states, or null. */
function stepProblem(state: GameState, next: GameState): string | null {
  const level = next.level;
  if (next.score < state.score) return 'the score went down';
  if (level.movesUsed < 0 || level.movesUsed > level.movesAllowed) return 'moves out of range';
  if (next.totalMoves < state.totalMoves) return 'total moves went down';
  return boardProblem(next);
}

interface LiveGame {
  log: GameLog;
  final: GameState;
}

/** Plays a random legal game, checking every invariant after every action. */
function playChecked(seed: string, choices: number[]): LiveGame {
  let state = deepFreeze(createGame(seed));
  expect(boardProblem(state)).toBeNull();
  expect(findMoves(state).length).toBeGreaterThan(0);
  const log: GameLog = [];
  let at = 1_000_000;
  for (const choice of choices) {
    at += 50 + (choice % 3000);
    let entry: GameLogEntry;
    let next: GameState;
    if (state.status === 'ended') break;
    if (state.status === 'gameOverPending') {
      const granted = choice % 4 === 0 ? null : grantExtraMoves(state);
      if (!granted?.ok) break; // declining ends the game: the log simply stops
      entry = { type: 'extraMoves', at };
      next = granted.state;
    } else {
      const moves = findMoves(state);
      if (moves.length === 0) {
        const reset = resetGrid(state);
        if (!reset.ok) throw new Error(reset.reason);
        entry = { type: 'reset', at };
        next = reset.state;
        if (next.level.movesUsed !== state.level.movesUsed) throw new Error('a reset cost a move');
      } else {
        const { from, to } = moves[choice % moves.length];
        const result = swap(state, from, to);
        if (!result.ok) throw new Error(result.reason);
        entry = { type: 'swap', from, to, at };
        next = result.state;
        if (result.hasMoves !== findMoves(next).length > 0) throw new Error('hasMoves is wrong');
      }
    }
    const problem = stepProblem(state, next);
    if (problem) throw new Error(`${problem} after entry ${log.length}`);
    log.push(entry);
    state = deepFreeze(next);
  }
  return { log, final: state };
}

describe('properties of legal play', () => {
  it('keeps every invariant, and replay reproduces the live game exactly', () => {
    fc.assert(
      fc.property(seedArb, choicesArb, (seed, choices) => {
        const live = playChecked(seed, choices);
        const decoded = parseGameLog(JSON.stringify(encodeGameLog(live.log)));
        if (!decoded.ok) throw new Error(decoded.error);
        const result = replay(seed, decoded.log);
        if (!result.ok) throw new Error(`${result.reason} at ${result.entryIndex}`);
        const ended = endGame(live.final);
        expect(result.state).toEqual(ended.ok ? ended.state : live.final);
        expect(result.score).toBe(live.final.score);
      }),
      { numRuns: 3000 },
    );
  });

  it('strong play levels up without ever repeating one of the last 3 targets', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const game = play(createGame(seed), { choose: greedy, maxMoves: 60 });
        let level = createGame(seed).level;
        for (const { level: next } of game.states) {
          if (next.currentLevel === level.currentLevel) continue;
          expect(level.previousColors.slice(-3)).not.toContain(next.targetColor);
          expect(next.previousColors).toEqual(
            [...level.previousColors, next.targetColor].slice(-3),
          );
          level = next;
        }
        expect(replay(seed, game.log).ok).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("a swap's steps, applied in order to the swapped board, give the new board", () => {
    fc.assert(
      fc.property(seedArb, choicesArb, (seed, choices) => {
        let state = createGame(seed);
        for (const choice of choices.slice(0, 20)) {
          const moves = findMoves(state);
          if (state.status !== 'active' || moves.length === 0) break;
          const { from, to } = moves[choice % moves.length];
          const result = swap(state, from, to);
          if (!result.ok) throw new Error(result.reason);
          const board: (string | null)[][] = state.grid.map((row) => [...row]);
          [board[from.y][from.x], board[to.y][to.x]] = [board[to.y][to.x], board[from.y][from.x]];
          for (const step of result.steps) {
            for (const { x, y } of step.removed) board[y][x] = null;
            for (const fall of step.falls) {
              if (board[fall.from.y][fall.from.x] !== fall.color)
                throw new Error('wrong ball falls');
              if (board[fall.to.y][fall.to.x] !== null) throw new Error('a ball lands on a ball');
              board[fall.to.y][fall.to.x] = fall.color;
              board[fall.from.y][fall.from.x] = null;
            }
            for (const ball of step.spawned) {
              if (board[ball.y][ball.x] !== null) throw new Error('a new ball lands on a ball');
              board[ball.y][ball.x] = ball.color;
            }
          }
          expect(board).toEqual(result.state.grid);
          state = result.state;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('states are plain data: they survive JSON and play on identically', () => {
    fc.assert(
      fc.property(seedArb, choicesArb, (seed, choices) => {
        const { final } = playChecked(seed, choices.slice(0, 10));
        const copy = JSON.parse(JSON.stringify(final)) as GameState;
        expect(copy).toEqual(final);
        const moves = findMoves(final);
        if (final.status === 'active' && moves.length > 0) {
          const { from, to } = moves[0];
          expect(swap(copy, from, to)).toEqual(swap(final, from, to));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('properties of illegal logs', () => {
  const cellArb = fc.record({
    x: fc.integer({ min: -1, max: 6 }),
    y: fc.integer({ min: -1, max: 8 }),
  });
  const entryArb: fc.Arbitrary<GameLogEntry> = fc.oneof(
    fc.record({ type: fc.constant('swap' as const), from: cellArb, to: cellArb, at: fc.nat() }),
    fc.record({ type: fc.constant('reset' as const), at: fc.nat() }),
    fc.record({ type: fc.constant('extraMoves' as const), at: fc.nat() }),
  );

  it('random logs never crash replay, and any rejection names a real entry', () => {
    fc.assert(
      fc.property(seedArb, fc.array(entryArb, { maxLength: 40 }), (seed, log) => {
        const result = replay(seed, log);
        if (!result.ok) {
          expect(result.entryIndex).toBeGreaterThanOrEqual(0);
          expect(result.entryIndex).toBeLessThan(log.length);
          expect(result.message.length).toBeGreaterThan(0);
        }
        expect(replay(seed, log)).toEqual(result);
      }),
      { numRuns: 1500 },
    );
  });

  it('a legal log with one impossible entry inserted is rejected at exactly that entry', () => {
    fc.assert(
      fc.property(
        seedArb,
        choicesArb,
        fc.nat(),
        fc.nat(),
        fc.array(entryArb, { maxLength: 5 }),
        (seed, choices, position, pick, tail) => {
          const live = playChecked(seed, choices);
          const cut = live.log.length === 0 ? 0 : position % (live.log.length + 1);
          const prefix = live.log.slice(0, cut);
          const before = replay(seed, prefix);
          if (!before.ok) throw new Error('a legal prefix was rejected');
          // replay() ends the game at the end of the log; the live state before the cut is:
          let state = createGame(seed);
          for (const entry of prefix) {
            const next =
              entry.type === 'swap'
                ? swap(state, entry.from, entry.to)
                : entry.type === 'reset'
                  ? resetGrid(state)
                  : grantExtraMoves(state);
            if (!next.ok) throw new Error(next.reason);
            state = next.state;
          }
          const at = prefix.length > 0 ? prefix[prefix.length - 1].at : 0;
          const bad = impossibleEntry(state, pick, at);
          const result = replay(seed, [
            ...prefix,
            bad,
            ...tail.map((e) => ({ ...e, at: at + e.at })),
          ]);
          expect(result).toMatchObject({ ok: false, entryIndex: prefix.length });
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('garbage never crashes the wire decoder', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = decodeGameLog(input);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        expect(parseGameLog(text).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('a mutated wire log is either rejected with a message or decodes to well-formed entries', () => {
    const wireArb = fc.record(
      {
        v: fc.oneof(fc.constant(1), fc.anything()),
        t0: fc.oneof(fc.nat(), fc.double(), fc.anything()),
        e: fc.array(
          fc.oneof(
            fc.tuple(fc.integer({ min: -5, max: 200 }), fc.integer({ min: -5, max: 5000 })),
            fc.anything(),
          ),
          { maxLength: 20 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(wireArb, (wire) => {
        const result = decodeGameLog(wire);
        if (!result.ok) {
          expect(result.error).toMatch(/^Invalid game log: /);
          return;
        }
        for (const entry of result.log) {
          expect(['swap', 'reset', 'extraMoves']).toContain(entry.type);
          expect(Number.isSafeInteger(entry.at)).toBe(true);
        }
        expect(typeof replay('any', result.log).ok).toBe('boolean');
      }),
      { numRuns: 1500 },
    );
  });
});

/** An entry that cannot be played on `state`, whatever its status. */
function impossibleEntry(state: GameState, pick: number, at: number): GameLogEntry {
  if (state.status === 'ended') return { type: 'reset', at };
  if (state.status === 'gameOverPending') {
    // Swaps and resets are refused while pending; a grant is refused once granted.
    return state.extraMovesGranted || pick % 2 === 0
      ? { type: 'swap', from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, at }
      : { type: 'reset', at };
  }
  const moves = findMoves(state);
  const options: GameLogEntry[] = [
    { type: 'extraMoves', at }, // refused while moves remain on the level (or granted already)
    { type: 'swap', from: { x: 0, y: 0 }, to: { x: 1, y: 1 }, at }, // not adjacent
    { type: 'swap', from: { x: 5, y: 7 }, to: { x: 6, y: 7 }, at }, // off the board
  ];
  if (moves.length > 0) options.push({ type: 'reset', at }); // moves exist
  const valid = new Set(moves.map((m) => `${m.from.x},${m.from.y},${m.to.x},${m.to.y}`));
  for (let y = 0; y < GRID_ROWS; y++) {
    for (let x = 0; x + 1 < GRID_COLUMNS; x++) {
      if (!valid.has(`${x},${y},${x + 1},${y}`)) {
        options.push({ type: 'swap', from: { x, y }, to: { x: x + 1, y }, at }); // no run
        y = GRID_ROWS;
        break;
      }
    }
  }
  return options[pick % options.length];
}
