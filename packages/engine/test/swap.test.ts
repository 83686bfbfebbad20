import { createGame, findMoves, swap } from '../src';
import type { SwapSuccess } from '../src';
import { boardFromGrid } from '../src/board';
import { hasRun } from '../src/matches';
import { columnRun, deepFreeze, lettersOf, rowRun, rowsWith, stateOf } from './helpers';

function expectOk(result: ReturnType<typeof swap>): SwapSuccess {
  if (!result.ok) throw new Error(`expected a valid swap, got ${result.reason}`);
  return result;
}

describe('swap validation', () => {
  const state = stateOf(rowsWith({ 7: 'r r g r o y' }));

  it.each([
    ['not adjacent (diagonal)', { x: 0, y: 0 }, { x: 1, y: 1 }, 'notAdjacent'],
    ['not adjacent (two apart)', { x: 0, y: 7 }, { x: 2, y: 7 }, 'notAdjacent'],
    ['the same cell', { x: 2, y: 7 }, { x: 2, y: 7 }, 'notAdjacent'],
    ['off the board', { x: 5, y: 7 }, { x: 6, y: 7 }, 'outOfBounds'],
    ['not a whole cell', { x: 0.5, y: 7 }, { x: 1.5, y: 7 }, 'outOfBounds'],
    ['no run made', { x: 0, y: 0 }, { x: 1, y: 0 }, 'noMatch'],
  ] as const)('refuses %s and changes nothing', (_name, from, to, reason) => {
    const result = swap(state, from, to);
    expect(result).toMatchObject({ ok: false, reason, state });
    expect(result.ok ? '' : result.message).not.toBe('');
  });

  it('refuses any swap after game over, and while out of moves', () => {
    expect(swap({ ...state, status: 'ended' }, { x: 2, y: 7 }, { x: 3, y: 7 })).toMatchObject({
      ok: false,
      reason: 'gameOver',
    });
    expect(
      swap({ ...state, status: 'gameOverPending' }, { x: 2, y: 7 }, { x: 3, y: 7 }),
    ).toMatchObject({ ok: false, reason: 'outOfMoves' });
  });

  it('accepts the swap in either order', () => {
    const forward = expectOk(swap(state, { x: 2, y: 7 }, { x: 3, y: 7 }));
    const backward = expectOk(swap(state, { x: 3, y: 7 }, { x: 2, y: 7 }));
    expect(backward.state).toEqual(forward.state);
  });

  it('never changes the state it is given', () => {
    const frozen = deepFreeze(stateOf(rowsWith({ 7: 'r r g r o y' })));
    const before = JSON.stringify(frozen);
    expectOk(swap(frozen, { x: 2, y: 7 }, { x: 3, y: 7 }));
    expect(JSON.stringify(frozen)).toBe(before);
  });
});

describe('swap scoring on hand-made boards', () => {
  it('a run of 3 scores 3', () => {
    const result = expectOk(
      swap(stateOf(rowsWith({ 7: 'r r g r o y' })), { x: 2, y: 7 }, { x: 3, y: 7 }),
    );
    expect(result.steps[0].cleared).toEqual([rowRun('red', 7, [0, 1, 2], 3)]);
    expect(result.steps[0].points).toBe(3);
    expect(result.from).toEqual({ x: 2, y: 7 });
    expect(result.to).toEqual({ x: 3, y: 7 });
  });

  it('a run of 4 scores 8', () => {
    const state = stateOf(rowsWith({ 6: 'o y r b g p', 7: 'r r b r o y' }));
    const result = expectOk(swap(state, { x: 2, y: 6 }, { x: 2, y: 7 }));
    expect(result.steps[0].cleared).toEqual([rowRun('red', 7, [0, 1, 2, 3], 8)]);
  });

  it('a run of 5 scores 15', () => {
    const state = stateOf(rowsWith({ 6: 'o y r b g p', 7: 'r r b r r y' }));
    const result = expectOk(swap(state, { x: 2, y: 6 }, { x: 2, y: 7 }));
    expect(result.steps[0].cleared).toMatchObject([{ color: 'red', length: 5, points: 15 }]);
    expect(result.largestRun).toBeGreaterThanOrEqual(5);
    expect(result.state.largestRun).toBe(result.largestRun);
  });

  it('an L shape: one ball completes a row and a column; cleared once, both runs scored', () => {
    const state = stateOf(rowsWith({ 5: 'g p r y b r', 6: 'o y r b g p', 7: 'r r g r o y' }));
    const result = expectOk(swap(state, { x: 2, y: 7 }, { x: 3, y: 7 }));
    const [first] = result.steps;
    expect(first.cleared.map((r) => [r.direction, r.length, r.points])).toEqual([
      ['row', 3, 3],
      ['column', 3, 3],
    ]);
    expect(first.removed).toHaveLength(5);
    expect(first.removed.filter((c) => c.x === 2 && c.y === 7)).toHaveLength(1);
    expect(first.points).toBe(6);
    expect(result.state.totalMatches).toBeGreaterThanOrEqual(2);
  });

  it('a T shape: the bar is a column, the stem a row; 5 balls, 3 + 3 points', () => {
    const state = stateOf(rowsWith({ 5: 'g p r y b r', 6: 'r r b r g p', 7: 'b y r p o y' }));
    const result = expectOk(swap(state, { x: 2, y: 6 }, { x: 3, y: 6 }));
    const [first] = result.steps;
    expect(first.cleared).toEqual([
      rowRun('red', 6, [0, 1, 2], 3),
      columnRun('red', 2, [5, 6, 7], 3),
    ]);
    expect(first.removed).toHaveLength(5);
  });

  it('both swapped balls can make their own run in the same move', () => {
    // Moving r right completes row 7's r r r; the g moving left completes column 3's g g g.
    const state = stateOf(rowsWith({ 5: 'g p o g b r', 6: 'o y b g g p', 7: 'r r g r o y' }));
    const result = expectOk(swap(state, { x: 2, y: 7 }, { x: 3, y: 7 }));
    expect(result.steps[0].cleared.map((r) => [r.color, r.direction, r.length])).toEqual([
      ['red', 'row', 3],
      ['green', 'column', 3],
    ]);
  });

  it('resolves a two-stage cascade and returns both steps', () => {
    const state = stateOf(rowsWith({ 6: 'o g r r g p', 7: 'r r g g o y' }));
    const result = expectOk(swap(state, { x: 2, y: 6 }, { x: 2, y: 7 }));
    expect(result.steps.length).toBeGreaterThanOrEqual(2);
    expect(result.steps[0].cleared).toMatchObject([{ color: 'red', length: 3 }]);
    expect(result.steps[1].cleared).toContainEqual(rowRun('green', 7, [1, 2, 3], 3));
    const stepPoints = result.steps.reduce((sum, step) => sum + step.points, 0);
    expect(result.matchPoints).toBe(stepPoints);
    expect(result.state.score).toBe(state.score + result.pointsGained);
    expect(hasRun(boardFromGrid(result.state.grid))).toBe(false);
  });

  it('counts the move, the runs, and continues the random stream', () => {
    const state = stateOf(rowsWith({ 7: 'r r g r o y' }));
    const result = expectOk(swap(state, { x: 2, y: 7 }, { x: 3, y: 7 }));
    const runs = result.steps.reduce((sum, step) => sum + step.cleared.length, 0);
    expect(result.state.totalMoves).toBe(state.totalMoves + 1);
    expect(result.state.level.movesUsed).toBe(state.level.movesUsed + 1);
    expect(result.state.totalMatches).toBe(state.totalMatches + runs);
    expect(result.state.rng).not.toEqual(state.rng);
    expect(result.status).toBe('active');
    expect(typeof result.hasMoves).toBe('boolean');
  });
});

describe('a real game', () => {
  it('plays the first listed move of a fresh game', () => {
    const state = createGame('real');
    const [move] = findMoves(state);
    const result = expectOk(swap(state, move.from, move.to));
    expect(result.pointsGained).toBeGreaterThanOrEqual(3);
    expect(lettersOf(result.state.grid)).not.toEqual(lettersOf(state.grid));
  });
});
