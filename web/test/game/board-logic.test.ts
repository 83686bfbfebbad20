import {
  ANIMATION,
  GRID_COLUMNS,
  REDUCED_ANIMATION,
  answerDisplay,
  createGame,
  findMoves,
  swap,
  type GameState,
} from '@ballmatch/engine';
import {
  NORMAL_DURATIONS,
  REDUCED_DURATIONS,
  boardAfterPop,
  buildCascadeTimeline,
  buildOpeningTimeline,
  buildShakeTimeline,
  buildSwapTimeline,
  sampleTimeline,
} from '@/game/animation';
import { previewSwap, samePop, viewOfState } from '@/features/game/model/game-view';
import { chooseFrameRate } from '@/game/frame-rate';
import { readGesture } from '@/game/gesture';
import { CELL_SIZE, cellAtPoint, fitCellSize } from '@/game/geometry';
import { readBoardKey } from '@/game/keyboard';
import { pickCell } from '@/game/selection';
import { deviceFingerprint, randomUuid } from '@/lib/device';

describe('cell size (50 by default, 30–65 by device)', () => {
  it('fits the space, within 30 and 65 px', () => {
    expect(fitCellSize(360, 2000)).toBe(60);
    expect(fitCellSize(1200, 2000)).toBe(CELL_SIZE.max);
    expect(fitCellSize(120, 2000)).toBe(CELL_SIZE.min);
    expect(fitCellSize(1000, 400)).toBe(50);
    expect(fitCellSize(0, 0)).toBe(CELL_SIZE.default);
  });

  it('finds the cell under a point', () => {
    expect(cellAtPoint(0, 0, 50)).toEqual({ x: 0, y: 0 });
    expect(cellAtPoint(299, 399, 50)).toEqual({ x: 5, y: 7 });
    expect(cellAtPoint(300, 10, 50)).toBeNull();
    expect(cellAtPoint(-1, 10, 50)).toBeNull();
  });
});

describe('selection rules', () => {
  it('selects, deselects the same ball, moves the selection, and swaps a neighbour', () => {
    expect(pickCell(null, { x: 1, y: 1 })).toEqual({ kind: 'select', cell: { x: 1, y: 1 } });
    expect(pickCell({ x: 1, y: 1 }, { x: 1, y: 1 })).toEqual({ kind: 'deselect' });
    expect(pickCell({ x: 1, y: 1 }, { x: 3, y: 1 })).toEqual({
      kind: 'select',
      cell: { x: 3, y: 1 },
    });
    expect(pickCell({ x: 1, y: 1 }, { x: 2, y: 2 })).toEqual({
      kind: 'select',
      cell: { x: 2, y: 2 },
    });
    expect(pickCell({ x: 1, y: 1 }, { x: 1, y: 2 })).toEqual({
      kind: 'swap',
      from: { x: 1, y: 1 },
      to: { x: 1, y: 2 },
    });
  });
});

describe('touch gestures (tap within 200 ms, swipe to a neighbour)', () => {
  const start = { cell: { x: 2, y: 3 }, x: 125, y: 175, time: 0, pointerType: 'touch' };

  it('a short press is a tap; a long touch without moving is nothing', () => {
    expect(readGesture(start, { x: 127, y: 176, time: 200 }, 50)).toEqual({
      kind: 'tap',
      cell: { x: 2, y: 3 },
    });
    expect(readGesture(start, { x: 127, y: 176, time: 201 }, 50)).toBeNull();
    expect(
      readGesture({ ...start, pointerType: 'mouse' }, { x: 125, y: 175, time: 900 }, 50),
    ).toEqual({
      kind: 'tap',
      cell: { x: 2, y: 3 },
    });
  });

  it('a drag is a swipe to the neighbour in its main direction', () => {
    expect(readGesture(start, { x: 150, y: 180, time: 400 }, 50)).toEqual({
      kind: 'swipe',
      from: { x: 2, y: 3 },
      to: { x: 3, y: 3 },
    });
    expect(readGesture(start, { x: 120, y: 140, time: 100 }, 50)).toEqual({
      kind: 'swipe',
      from: { x: 2, y: 3 },
      to: { x: 2, y: 2 },
    });
    const corner = { ...start, cell: { x: 0, y: 0 }, x: 25, y: 25 };
    expect(readGesture(corner, { x: 0, y: 25, time: 100 }, 50)).toBeNull();
  });
});

describe('keyboard', () => {
  it('moves the cursor within the board and picks with Space or Enter', () => {
    expect(readBoardKey('ArrowRight', { x: 0, y: 0 })).toEqual({
      kind: 'move',
      cell: { x: 1, y: 0 },
    });
    expect(readBoardKey('ArrowLeft', { x: 0, y: 0 })).toEqual({
      kind: 'move',
      cell: { x: 0, y: 0 },
    });
    expect(readBoardKey('ArrowDown', { x: 5, y: 7 })).toEqual({
      kind: 'move',
      cell: { x: 5, y: 7 },
    });
    expect(readBoardKey(' ', { x: 0, y: 0 })).toEqual({ kind: 'pick' });
    expect(readBoardKey('Enter', { x: 0, y: 0 })).toEqual({ kind: 'pick' });
    expect(readBoardKey('Escape', { x: 0, y: 0 })).toEqual({ kind: 'cancel' });
    expect(readBoardKey('a', { x: 0, y: 0 })).toBeNull();
  });
});

describe('frame rate (60, 30 on small screens, 24 on low battery)', () => {
  it('is 60, 30 on mobile or small screens, 24 on low battery not charging', () => {
    expect(chooseFrameRate({ mobile: false, screenWidth: 1280 })).toBe(60);
    expect(chooseFrameRate({ mobile: true, screenWidth: 1280 })).toBe(30);
    expect(chooseFrameRate({ mobile: false, screenWidth: 390 })).toBe(30);
    expect(
      chooseFrameRate({
        mobile: false,
        screenWidth: 1280,
        battery: { level: 0.29, charging: false },
      }),
    ).toBe(24);
    expect(
      chooseFrameRate({
        mobile: true,
        screenWidth: 390,
        battery: { level: 0.29, charging: false },
      }),
    ).toBe(24);
    expect(
      chooseFrameRate({
        mobile: false,
        screenWidth: 1280,
        battery: { level: 0.29, charging: true },
      }),
    ).toBe(60);
    expect(
      chooseFrameRate({
        mobile: false,
        screenWidth: 1280,
        battery: { level: 0.3, charging: false },
      }),
    ).toBe(60);
  });
});

describe('animation timelines from the engine’s steps', () => {
  function someSwaps(count: number) {
    const out = [];
    let state: GameState = createGame('timeline-seed');
    for (let i = 0; out.length < count && i < count * 3; i++) {
      const moves = findMoves(state);
      if (moves.length === 0 || state.status !== 'active') state = createGame(`timeline-${i}`);
      const move = findMoves(state)[i % Math.max(1, findMoves(state).length)];
      const result = swap(state, move.from, move.to);
      if (!result.ok) continue;
      out.push({ before: state, result });
      state = result.state;
    }
    return out;
  }

  it('replays each swap to exactly the engine’s board, phase by phase', () => {
    for (const { before, result } of someSwaps(300)) {
      const timeline = buildSwapTimeline(before.grid, result, NORMAL_DURATIONS);
      expect(timeline.final).toEqual(result.state.grid);
      expect(timeline.total).toBe(
        ANIMATION.swapMs + result.steps.length * (ANIMATION.popMs + ANIMATION.fallMs),
      );
      // Every frame shows at most one ball per cell and never loses a ball at rest.
      const end = sampleTimeline(timeline, timeline.total);
      expect(end.balls).toHaveLength(48);
    }
  });

  it('plays in two parts: the swap and the first pop the board can see, then the rest from the answer', () => {
    for (const { before, result } of someSwaps(100)) {
      // The page's own check finds the same first pop as the server's cascade, from the grid alone.
      const view = viewOfState(before, 0);
      const preview = previewSwap(view, result.from, result.to);
      if (!preview.ok) throw new Error('the preview refused a valid swap');
      expect(samePop(preview.pop, result.steps[0])).toBe(true);
      expect(preview.pop.points).toBe(result.steps[0].points);

      const opening = buildOpeningTimeline(
        before.grid,
        { from: result.from, to: result.to, pop: preview.pop },
        NORMAL_DURATIONS,
      );
      expect(opening.total).toBe(ANIMATION.swapMs + ANIMATION.popMs);
      expect(opening.final).toEqual(
        boardAfterPop(before.grid, result.from, result.to, result.steps[0].removed),
      );
      // The board rests on the popped cells, empty, until the answer comes.
      expect(sampleTimeline(opening, opening.total).balls).toHaveLength(
        48 - result.steps[0].removed.length,
      );
      const rest = buildCascadeTimeline(opening.final, result.steps, NORMAL_DURATIONS);
      expect(rest.phases[0]).toMatchObject({ kind: 'fall', step: 0 });
      expect(rest.final).toEqual(result.state.grid);
      expect(opening.total + rest.total).toBe(
        buildSwapTimeline(before.grid, result, NORMAL_DURATIONS).total,
      );
    }
  });

  it('moves the swapped balls in 10 even steps over 200 ms', () => {
    const [{ before, result }] = someSwaps(1);
    const timeline = buildSwapTimeline(before.grid, result, NORMAL_DURATIONS);
    const positions = new Set<number>();
    for (let t = 0; t < 200; t += 1) {
      const frame = sampleTimeline(timeline, t);
      const moving = frame.balls.find(
        (b) =>
          b.color === before.grid[result.from.y][result.from.x] &&
          (b.x !== Math.round(b.x) || b.y !== Math.round(b.y)),
      );
      if (moving)
        positions.add(Math.round((moving.x - result.from.x + moving.y - result.from.y) * 1000));
    }
    expect(positions.size).toBe(9); // steps 1–9 are between cells; 0 and 10 sit on them
    expect(sampleTimeline(timeline, 200).phase?.kind).toBe('pop');
    expect(sampleTimeline(timeline, 549).phase?.kind).toBe('pop');
    expect(sampleTimeline(timeline, 550).phase?.kind).toBe('fall');
  });

  it("takes exactly the engine's display time of the answer, which the server's timing rule judges by", () => {
    for (const [durations, motion] of [
      [NORMAL_DURATIONS, ANIMATION],
      [REDUCED_DURATIONS, REDUCED_ANIMATION],
    ] as const) {
      expect(durations).toMatchObject(motion);
      for (const { before, result } of someSwaps(60)) {
        const shown = answerDisplay({ cascadeSteps: result.steps.length, levelUp: false }, motion);
        const opening = buildOpeningTimeline(
          before.grid,
          { from: result.from, to: result.to, pop: result.steps[0] },
          durations,
        );
        expect(opening.total).toBe(shown.openingMs);
        expect(buildCascadeTimeline(opening.final, result.steps, durations).total).toBe(
          shown.afterAnswerMs,
        );
        expect(buildSwapTimeline(before.grid, result, durations).total).toBe(shown.totalMs);
      }
    }
    // Reduced motion is the page's fastest: what the server's rule assumes by default.
    const [{ result }] = someSwaps(1);
    const answer = { cascadeSteps: result.steps.length, levelUp: false };
    expect(answerDisplay(answer)).toEqual(answerDisplay(answer, REDUCED_DURATIONS));
  });

  it('is much shorter with reduced motion, and a refused swap only flashes then', () => {
    const [{ before, result }] = someSwaps(1);
    expect(buildSwapTimeline(before.grid, result, REDUCED_DURATIONS).total).toBeLessThan(
      buildSwapTimeline(before.grid, result, NORMAL_DURATIONS).total / 3,
    );
    const shake = buildShakeTimeline(
      before.grid,
      { x: 0, y: 0 },
      { x: 1, y: 0 },
      REDUCED_DURATIONS,
    );
    const frame = sampleTimeline(shake, 50);
    expect(frame.invalid).toHaveLength(2);
    expect(frame.balls.every((b) => Number.isInteger(b.x) && Number.isInteger(b.y))).toBe(true);
    const moving = sampleTimeline(
      buildShakeTimeline(before.grid, { x: 0, y: 0 }, { x: 1, y: 0 }, NORMAL_DURATIONS),
      30,
    );
    expect(moving.balls.some((b) => !Number.isInteger(b.x))).toBe(true);
    expect(GRID_COLUMNS).toBe(6);
  });
});

describe('session identifiers', () => {
  it('makes version-4 UUIDs and a stable 50-character fingerprint', () => {
    expect(randomUuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    const a = deviceFingerprint('Mozilla|en-GB|Linux|8|1920|1080|24|1|-60');
    expect(a).toHaveLength(50);
    expect(deviceFingerprint('Mozilla|en-GB|Linux|8|1920|1080|24|1|-60')).toBe(a);
    expect(deviceFingerprint('Mozilla|en-US|Linux|8|1920|1080|24|1|-60')).not.toBe(a);
    expect(deviceFingerprint()).toHaveLength(50);
  });
});
