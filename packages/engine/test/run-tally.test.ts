// The cascade's run scan (scanRuns: with or without the runs built, over the whole board or
// only some rows and columns) and resolveBoard without steps, against findRuns and the steps, on boards crowded with long runs: few colours, so rows and
// columns of 6 to 8, crosses and holes come up far more often than in play.
import fc from 'fast-check';
import { CELL_COUNT, EMPTY, cellAt } from '../src/board';
import { resolveBoard } from '../src/cascade';
import { generateBoard } from '../src/grid';
import { COLORS } from '../src/constants';
import { ALL_COLUMNS, ALL_ROWS, findRuns, scanRuns } from '../src/matches';
import type { ClearedRun } from '../src/cascade';
import { Sfc32 } from '../src/random';
import type { RngState } from '../src/random';
import { pointsForRun } from '../src/scoring';

const crowdedBoard = fc
  .integer({ min: 1, max: 3 })
  .chain((colors) =>
    fc.array(fc.integer({ min: colors === 1 ? EMPTY : 0, max: colors - 1 }), {
      minLength: CELL_COUNT,
      maxLength: CELL_COUNT,
    }),
  )
  .map((cells) => Int8Array.from(cells));

const rngState = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()) as fc.Arbitrary<RngState>;

/** A bit per row (or column) holding a marked cell. */
function bitsOf(marks: Uint8Array, line: (cell: number) => number): number {
  let bits = 0;
  marks.forEach((mark, cell) => (bits |= mark << line(cell)));
  return bits;
}

describe('run tallies without allocation', () => {
  it('scanRuns marks, scores and builds exactly the runs findRuns lists, in its order', () => {
    const mask = (bits: number) => fc.integer({ min: 0, max: bits });
    fc.assert(
      fc.property(crowdedBoard, mask(ALL_ROWS), mask(ALL_COLUMNS), (board, rows, columns) => {
        // The runs in the rows and columns looked at (all of them, every other time).
        const everywhere = rows % 2 === 0;
        const runs = findRuns(board).filter((run) => {
          if (everywhere) return true;
          const { x, y } = cellAt(run.cells[0]);
          return run.direction === 'row' ? rows & (1 << y) : columns & (1 << x);
        });
        const expected = new Uint8Array(CELL_COUNT);
        for (const run of runs) for (const cell of run.cells) expected[cell] = 1;
        const popped = new Uint8Array(CELL_COUNT);
        const tally = { runCount: -1, points: -1, largestRun: -1, rowsHit: -1, columnsHit: -1 };
        const cleared: ClearedRun[] = [];
        const found = everywhere
          ? scanRuns(board, popped, tally, cleared)
          : scanRuns(board, popped, tally, cleared, rows, columns);
        expect(found).toBe(runs.length);
        expect(popped).toEqual(expected);
        expect(tally).toEqual({
          runCount: runs.length,
          points: runs.reduce((sum, run) => sum + pointsForRun(run.cells.length), 0),
          largestRun: Math.max(0, ...runs.map((run) => run.cells.length)),
          rowsHit: bitsOf(expected, (cell) => cellAt(cell).y),
          columnsHit: bitsOf(expected, (cell) => cellAt(cell).x),
        });
        expect(cleared).toEqual(
          runs.map((run) => ({
            color: COLORS[run.color],
            cells: run.cells.map(cellAt),
            length: run.cells.length,
            points: pointsForRun(run.cells.length),
            direction: run.direction,
          })),
        );
        // Without `cleared`: the same marks and tally.
        const quiet = new Uint8Array(CELL_COUNT);
        const quietTally = {
          runCount: -1,
          points: -1,
          largestRun: -1,
          rowsHit: -1,
          columnsHit: -1,
        };
        expect(
          scanRuns(
            board,
            quiet,
            quietTally,
            null,
            everywhere ? ALL_ROWS : rows,
            everywhere ? ALL_COLUMNS : columns,
          ),
        ).toBe(found);
        expect(quiet).toEqual(popped);
        expect(quietTally).toEqual(tally);
      }),
      { numRuns: 3_000 },
    );
  });

  it('a cascade resolves to the same board and figures with or without its steps', () => {
    fc.assert(
      fc.property(crowdedBoard, rngState, fc.constantFrom(...COLORS), (board, rng, target) => {
        const quiet = Int8Array.from(board);
        const quietRng = new Sfc32(rng);
        const recorded = Int8Array.from(board);
        const recordedRng = new Sfc32(rng);
        const { steps, ...figures } = resolveBoard(recorded, recordedRng, target, true);
        expect(resolveBoard(quiet, quietRng, target, false)).toEqual({ steps: [], ...figures });
        expect(quiet).toEqual(recorded);
        expect(quietRng.snapshot()).toEqual(recordedRng.snapshot());
        expect(figures.points).toBe(steps.reduce((sum, step) => sum + step.points, 0));
      }),
      { numRuns: 1_000 },
    );
  });

  it('after a swap on a board without runs, looking only near the swap finds the same cascade', () => {
    fc.assert(
      fc.property(rngState, fc.nat(CELL_COUNT - 1), fc.boolean(), (rng, index, down) => {
        const board = generateBoard(new Sfc32(rng));
        const a = cellAt(index);
        const b = down ? { x: a.x, y: a.y + 1 } : { x: a.x + 1, y: a.y };
        fc.pre(b.x < 6 && b.y < 8);
        const j = b.y * 6 + b.x;
        [board[index], board[j]] = [board[j], board[index]];
        const near = Int8Array.from(board);
        const everywhere = Int8Array.from(board);
        const nearRng = new Sfc32(rng);
        const everywhereRng = new Sfc32(rng);
        expect(resolveBoard(near, nearRng, 'red', true, [a, b])).toEqual(
          resolveBoard(everywhere, everywhereRng, 'red', true),
        );
        expect(near).toEqual(everywhere);
        expect(nearRng.snapshot()).toEqual(everywhereRng.snapshot());
      }),
      { numRuns: 2_000 },
    );
  });
});
