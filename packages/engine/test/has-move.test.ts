// hasMove and listMoves read the moves off a table of windows instead of trying each swap: on
// every board, with or without runs standing, few colours or six, they must give exactly the
// swaps that make a run (tried one by one here, with swapMakesRun).
import fc from 'fast-check';
import { CELL_COUNT, boardFromGrid } from '../src/board';
import { GRID_COLUMNS, GRID_ROWS } from '../src/constants';
import { generateBoard } from '../src/grid';
import { hasMove, listMoves, swapMakesRun } from '../src/moves';
import { Sfc32 } from '../src/random';
import type { RngState } from '../src/random';
import type { Board } from '../src/board';
import type { Move } from '../src/types';
import { NO_MOVE_ROWS, gridOf } from './helpers';

/** Every swap tried: right neighbour, then lower neighbour, cell by cell in reading order. */
function triedMoves(board: Board): Move[] {
  const moves: Move[] = [];
  for (let y = 0; y < GRID_ROWS; y++) {
    for (let x = 0; x < GRID_COLUMNS; x++) {
      const index = y * GRID_COLUMNS + x;
      if (x + 1 < GRID_COLUMNS && swapMakesRun(board, index, index + 1)) {
        moves.push({ from: { x, y }, to: { x: x + 1, y } });
      }
      if (y + 1 < GRID_ROWS && swapMakesRun(board, index, index + GRID_COLUMNS)) {
        moves.push({ from: { x, y }, to: { x, y: y + 1 } });
      }
    }
  }
  return moves;
}

const anyBoard = fc
  .integer({ min: 2, max: 6 })
  .chain((colors) =>
    fc.array(fc.integer({ min: 0, max: colors - 1 }), {
      minLength: CELL_COUNT,
      maxLength: CELL_COUNT,
    }),
  )
  .map((cells) => Int8Array.from(cells));

function expectSameMoves(board: Board): boolean {
  const before = Int8Array.from(board);
  const expected = triedMoves(board);
  expect(listMoves(board)).toEqual(expected);
  expect(hasMove(board)).toBe(expected.length > 0);
  expect(board).toEqual(before); // only read
  return expected.length > 0;
}

describe('moves from the window table', () => {
  it('are exactly the swaps that make a run, in order, on any board', () => {
    fc.assert(
      fc.property(anyBoard, (board) => void expectSameMoves(board)),
      { numRuns: 2_000 },
    );
  });

  it('are exactly the swaps that make a run near boards without any move', () => {
    // The pattern without a move, its colours shuffled, one ball changed (which may make one).
    const noMove = boardFromGrid(gridOf(NO_MOVE_ROWS));
    let withMove = 0;
    let without = 0;
    fc.assert(
      fc.property(
        fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6 }),
        fc.nat(CELL_COUNT - 1),
        fc.nat(5),
        (palette, cell, color) => {
          const board = noMove.map((c) => palette[c]);
          if (expectSameMoves(board)) throw new Error('the pattern has no move');
          board[cell] = color;
          if (expectSameMoves(board)) withMove++;
          else without++;
        },
      ),
      { numRuns: 1_000 },
    );
    expect(without).toBeGreaterThan(0); // both answers were put to the test
    expect(withMove).toBeGreaterThan(0);
  });

  it('are exactly the swaps that make a run on new boards with one ball changed', () => {
    const rngState = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat()) as fc.Arbitrary<RngState>;
    fc.assert(
      fc.property(rngState, fc.nat(CELL_COUNT - 1), fc.nat(5), (rng, cell, color) => {
        const board = generateBoard(new Sfc32(rng));
        board[cell] = color;
        expectSameMoves(board);
      }),
      { numRuns: 3_000 },
    );
  });
});
