import { COLORS, LEVEL, swap } from '../src';
import type { Color, SwapSuccess } from '../src';
import { baseMovesFor, pickTargetColor, targetMatchesFor } from '../src/level';
import { Sfc32, seedRng } from '../src/random';
import { NO_MOVE_ROWS, stateOf } from './helpers';

// A red 3-run on the bottom row when (2,7) and (3,7) swap.
const RED_MOVE_ROWS = NO_MOVE_ROWS.map((row, y) => (y === 7 ? 'r r g r o y' : row));
const FROM = { x: 2, y: 7 };
const TO = { x: 3, y: 7 };

function expectOk(result: ReturnType<typeof swap>): SwapSuccess {
  if (!result.ok) throw new Error(`expected a valid swap, got ${result.reason}`);
  return result;
}

describe('level constants', () => {
  it('targets 10 + 5 per level and grants 10 + 1 moves per level', () => {
    expect([1, 2, 3, 10].map(targetMatchesFor)).toEqual([10, 15, 20, 55]);
    expect([1, 2, 3, 10].map(baseMovesFor)).toEqual([10, 11, 12, 19]);
  });

  it('starts a game on level 1: 10 target matches in 10 moves, nothing collected yet', () => {
    const { level } = stateOf(NO_MOVE_ROWS);
    expect(level).toMatchObject({
      currentLevel: 1,
      targetMatches: 10,
      matchesCollected: 0,
      movesAllowed: 10,
      movesUsed: 0,
    });
    expect(level.previousColors).toEqual([level.targetColor]);
  });
});

describe('level-up', () => {
  const state = stateOf(RED_MOVE_ROWS, {
    score: 1000,
    level: {
      targetColor: 'red',
      matchesCollected: 8,
      movesUsed: 4,
      previousColors: ['blue', 'green', 'red'],
    },
  });

  it('collects target-colour balls and levels up with (movesAllowed - movesUsed) x 100', () => {
    const result = expectOk(swap(state, FROM, TO));
    // 3 red balls reach 11 >= 10; 10 allowed - 5 used = 5 unused moves.
    expect(result.targetCollected).toBeGreaterThanOrEqual(3);
    expect(result.levelUp).toMatchObject({
      fromLevel: 1,
      toLevel: 2,
      unusedMoves: 5,
      bonusPoints: 500,
    });
    expect(result.levelBonus).toBe(500);
    expect(result.pointsGained).toBe(result.matchPoints + 500);
    expect(result.state.score).toBe(1000 + result.pointsGained);
    expect(result.status).toBe('active');
  });

  it('starts the next level at once: fresh count, 11 + 2 bonus moves, a new target', () => {
    const { state: next, levelUp } = expectOk(swap(state, FROM, TO));
    expect(next.level).toMatchObject({
      currentLevel: 2,
      targetMatches: 15,
      matchesCollected: 0,
      movesAllowed: 11 + LEVEL.levelUpBonusMoves,
      movesUsed: 0,
    });
    expect(['blue', 'green', 'red']).not.toContain(next.level.targetColor);
    expect(next.level.previousColors).toEqual(['green', 'red', next.level.targetColor]);
    expect(levelUp?.level).toEqual(next.level);
  });

  it('levels up on the very last move instead of running out (no bonus left)', () => {
    const last = stateOf(RED_MOVE_ROWS, {
      level: { targetColor: 'red', matchesCollected: 9, movesUsed: 9 },
    });
    const result = expectOk(swap(last, FROM, TO));
    expect(result.levelUp).toMatchObject({ unusedMoves: 0, bonusPoints: 0 });
    expect(result.status).toBe('active');
    expect(result.state.level.currentLevel).toBe(2);
  });

  it('does not level up while the target is unmet', () => {
    const far = stateOf(RED_MOVE_ROWS, { level: { targetColor: 'purple', movesUsed: 0 } });
    const result = expectOk(swap(far, FROM, TO));
    expect(result.levelUp).toBeNull();
    expect(result.state.level.currentLevel).toBe(1);
    expect(result.state.level.matchesCollected).toBe(result.targetCollected);
  });
});

describe('target colour history', () => {
  it('never picks one of the last 3 targets, and picks each of the others', () => {
    const previous: Color[] = ['orange', 'yellow', 'blue'];
    const rng = new Sfc32(seedRng('history'));
    const picked = new Set<Color>();
    for (let i = 0; i < 300; i++) picked.add(pickTargetColor(rng, previous));
    expect([...picked].sort()).toEqual(['green', 'purple', 'red']);
  });

  it('only looks at the last 3 targets, and picks any colour with no history', () => {
    const rng = new Sfc32(seedRng('history-2'));
    const picked = new Set<Color>();
    for (let i = 0; i < 300; i++) {
      picked.add(pickTargetColor(rng, ['red', 'orange', 'yellow', 'blue']));
    }
    expect([...picked].sort()).toEqual(['green', 'purple', 'red']);
    const any = new Set<Color>();
    for (let i = 0; i < 300; i++) any.add(pickTargetColor(rng, []));
    expect(any.size).toBe(COLORS.length);
  });
});
