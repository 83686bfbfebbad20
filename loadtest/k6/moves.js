// The valid swaps on a board as the API shows it (`game.grid`: 48 colour names, row by row from
// the top, 6 columns): every swap of two neighbours that lines up three or more of one colour.
// k6 cannot load the engine's package, so the k6 scenario plays with this; a test checks it finds
// exactly the engine's moves (loadtest/test/k6-in-step.test.ts).
export const COLUMNS = 6;
export const ROWS = 8;

/** The length of the run through (x, y) along (dx, dy) on `cells`. */
function runThrough(cells, x, y, dx, dy) {
  const color = cells[y * COLUMNS + x];
  let length = 1;
  for (const sign of [1, -1]) {
    let cx = x + sign * dx;
    let cy = y + sign * dy;
    while (cx >= 0 && cx < COLUMNS && cy >= 0 && cy < ROWS && cells[cy * COLUMNS + cx] === color) {
      length++;
      cx += sign * dx;
      cy += sign * dy;
    }
  }
  return length;
}

function makesRun(cells, a, b) {
  const board = cells.slice();
  [board[a], board[b]] = [board[b], board[a]];
  for (const i of [a, b]) {
    const x = i % COLUMNS;
    const y = Math.floor(i / COLUMNS);
    if (runThrough(board, x, y, 1, 0) >= 3 || runThrough(board, x, y, 0, 1) >= 3) return true;
  }
  return false;
}

/** `[{from: {x, y}, to: {x, y}}]`, each swap once (to the right or downwards). */
export function findMoves(cells) {
  const moves = [];
  for (let y = 0; y < ROWS; y++) {
    for (let x = 0; x < COLUMNS; x++) {
      const a = y * COLUMNS + x;
      if (x + 1 < COLUMNS && makesRun(cells, a, a + 1)) {
        moves.push({ from: { x, y }, to: { x: x + 1, y } });
      }
      if (y + 1 < ROWS && makesRun(cells, a, a + COLUMNS)) {
        moves.push({ from: { x, y }, to: { x, y: y + 1 } });
      }
    }
  }
  return moves;
}
