import { createGame, findMoves, resetGrid, swap } from '../src';
import { boardFromGrid } from '../src/board';
import { hasRun } from '../src/matches';
import { NO_MOVE_ROWS, deepFreeze, stateOf } from './helpers';

describe('no possible move', () => {
  const stuck = stateOf(NO_MOVE_ROWS, { score: 45, level: { movesUsed: 3 } });

  it('is detected: findMoves is empty and every swap is refused', () => {
    expect(findMoves(stuck)).toEqual([]);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 5; x++) {
        expect(swap(stuck, { x, y }, { x: x + 1, y })).toMatchObject({ reason: 'noMatch' });
      }
    }
  });

  it('is reported by the swap that leads to it', () => {
    const state = createGame('report');
    const [move] = findMoves(state);
    const result = swap(state, move.from, move.to);
    if (!result.ok) throw new Error(result.reason);
    expect(result.hasMoves).toBe(findMoves(result.state).length > 0);
  });

  it('is fixed by a reset: a new board with no run and a move, costing no move', () => {
    const result = resetGrid(deepFreeze(stuck));
    if (!result.ok) throw new Error(result.reason);
    const { state } = result;
    expect(state.grid).not.toEqual(stuck.grid);
    expect(hasRun(boardFromGrid(state.grid))).toBe(false);
    expect(findMoves(state).length).toBeGreaterThan(0);
    expect(state.level).toEqual(stuck.level);
    expect(state.score).toBe(45);
    expect(state.totalMoves).toBe(stuck.totalMoves);
    expect(state.rng).not.toEqual(stuck.rng);
  });

  it('is the only time a reset is allowed', () => {
    expect(resetGrid(createGame('has-moves'))).toMatchObject({
      ok: false,
      reason: 'movesAvailable',
    });
    expect(resetGrid({ ...stuck, status: 'ended' })).toMatchObject({ reason: 'gameOver' });
  });
});
