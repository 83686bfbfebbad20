import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  MAX_LOG_ENTRIES,
  analyzeTiming,
  createGame,
  decodeGameLog,
  encodeGameLog,
  findMoves,
  replay,
} from '../src';
import type { GameLog, GameState, SwapEntry } from '../src';
import { greedy, play } from '../src/bots';

const firstMove = (): number => 0;

/** A played game: greedy until the end, extra moves taken. */
function greedyGame(seed: string) {
  return play(createGame(seed), { choose: greedy });
}

/** Index of the first log entry after which the state satisfies `test`. */
function indexAfter(states: GameState[], test: (state: GameState) => boolean): number {
  const index = states.findIndex(test);
  if (index < 0) throw new Error('the game never reached that state');
  return index;
}

describe('replay', () => {
  it('reproduces a played game exactly, and ends it', () => {
    const game = greedyGame('replay-1');
    const result = replay('replay-1', game.log);
    if (!result.ok) throw new Error(`${result.reason} at ${result.entryIndex}: ${result.message}`);
    expect(result.state).toEqual({ ...game.final, status: 'ended' });
    expect(result).toMatchObject({
      score: game.final.score,
      level: game.final.level.currentLevel,
      moves: game.final.totalMoves,
      movesUsed: game.final.level.movesUsed,
      totalMatches: game.final.totalMatches,
      largestRun: game.final.largestRun,
      extraMovesGranted: game.final.extraMovesGranted,
    });
    const swapTimes = game.log.filter((e) => e.type === 'swap').map((e) => e.at);
    expect(result.timing).toEqual(analyzeTiming(swapTimes));
    expect(result.timing.moveCount).toBe(game.final.totalMoves);
  });

  it('replays the wire form the same way', () => {
    const game = greedyGame('replay-wire');
    const decoded = decodeGameLog(JSON.parse(JSON.stringify(encodeGameLog(game.log))));
    if (!decoded.ok) throw new Error(decoded.error);
    expect(replay('replay-wire', decoded.log)).toEqual(replay('replay-wire', game.log));
  });

  it('gives a different result for the same log under another seed', () => {
    const game = greedyGame('replay-seed');
    const other = replay('another-seed', game.log);
    if (other.ok) expect(other.state).not.toEqual({ ...game.final, status: 'ended' });
    else expect(other.entryIndex).toBeGreaterThanOrEqual(0);
  });

  it('accepts an empty log: a game ended before any move', () => {
    expect(replay('empty', [])).toMatchObject({ ok: true, score: 0, level: 1, moves: 0 });
  });

  it('replays the pinned 300-move game to its recorded result', () => {
    const fixturePath = join(__dirname, '..', 'bench', 'fixtures', 'long-game.json');
    const fixture = JSON.parse(readFileSync(fixturePath, 'utf8'));
    const decoded = decodeGameLog(fixture.log);
    if (!decoded.ok) throw new Error(decoded.error);
    const result = replay(fixture.seed, decoded.log);
    expect(result).toMatchObject({
      ok: true,
      moves: fixture.moves,
      score: fixture.score,
      level: fixture.level,
    });
    expect(fixture.moves).toBe(300);
  });
});

describe('replay names the impossible entry', () => {
  const game = greedyGame('impossible');
  const swapAt = (i: number): SwapEntry => {
    const entry = game.log[i];
    if (entry.type !== 'swap') throw new Error('not a swap');
    return entry;
  };
  const at = game.log[game.log.length - 1].at + 1000;

  function expectRejected(log: GameLog, entryIndex: number, reason: string) {
    const result = replay('impossible', log);
    expect(result).toMatchObject({ ok: false, entryIndex, reason });
    expect(result.ok ? '' : result.message).not.toBe('');
  }

  it('a swap of cells that are not neighbours', () => {
    const log = [...game.log];
    log[3] = { ...swapAt(3), to: { x: swapAt(3).from.x + 1, y: swapAt(3).from.y + 1 } };
    expectRejected(log, 3, 'notAdjacent');
  });

  it('a swap that makes no run', () => {
    const state = game.states[1];
    const valid = new Set(
      findMoves(state).map((m) => `${m.from.x},${m.from.y},${m.to.x},${m.to.y}`),
    );
    let bad: SwapEntry | undefined;
    for (let y = 0; y < 8 && !bad; y++) {
      for (let x = 0; x < 5 && !bad; x++) {
        if (!valid.has(`${x},${y},${x + 1},${y}`)) {
          bad = { type: 'swap', from: { x, y }, to: { x: x + 1, y }, at: game.log[2].at };
        }
      }
    }
    const log = [...game.log];
    log[2] = bad!;
    expectRejected(log, 2, 'noMatch');
  });

  it('a swap off the board', () => {
    const log: GameLog = [{ type: 'swap', from: { x: 0, y: 0 }, to: { x: 0, y: -1 }, at: 0 }];
    expectRejected(log, 0, 'outOfBounds');
  });

  it('a reset while moves existed', () => {
    const log = [...game.log];
    log.splice(1, 0, { type: 'reset', at: game.log[0].at });
    expectRejected(log, 1, 'movesAvailable');
  });

  it('extra moves while moves remained', () => {
    expectRejected([{ type: 'extraMoves', at: 5 }], 0, 'notOutOfMoves');
  });

  it('a second grant of extra moves', () => {
    const grant = game.log.findIndex((e) => e.type === 'extraMoves');
    expect(grant).toBeGreaterThan(0);
    const log = [...game.log];
    log.splice(grant + 1, 0, { type: 'extraMoves', at: game.log[grant].at });
    expectRejected(log, grant + 1, 'alreadyGranted');
  });

  it('a move while out of moves (extra moves not taken)', () => {
    const pending = indexAfter(game.states, (s) => s.status === 'gameOverPending');
    const log = game.log.slice(0, pending + 1);
    log.push({ ...swapAt(0), at });
    expectRejected(log, pending + 1, 'outOfMoves');
  });

  it('a move after game over', () => {
    expect(game.final.status).toBe('ended');
    const log = [...game.log, { ...swapAt(0), at }];
    expectRejected(log, game.log.length, 'gameOver');
  });

  it('entries that are not entries at all', () => {
    const broken = [
      [{ type: 'jump', at: 1 }],
      [{ type: 'swap', at: 1 }],
      [{ type: 'reset', at: Number.NaN }],
      [{ type: 'reset' }],
      [null],
      ['swap'],
    ] as unknown as GameLog[];
    for (const log of broken) expectRejected(log, 0, 'invalidEntry');
  });

  it('time running backwards', () => {
    const log = [...game.log];
    log[4] = { ...log[4], at: log[3].at - 1 };
    expectRejected(log, 4, 'invalidEntry');
  });

  it('a log longer than any game', () => {
    const long = Array.from({ length: MAX_LOG_ENTRIES + 1 }, () => ({ type: 'reset', at: 0 }));
    expectRejected(long as GameLog, MAX_LOG_ENTRIES, 'logTooLong');
    expect(replay('x', 'garbage' as unknown as GameLog)).toMatchObject({ reason: 'invalidEntry' });
  });

  it('the bot helper records what replay expects', () => {
    const short = play(createGame('short'), { choose: firstMove, maxMoves: 3 });
    expect(short.log.filter((e) => e.type === 'swap')).toHaveLength(3);
    expect(replay('short', short.log)).toMatchObject({ ok: true, moves: 3 });
  });
});
