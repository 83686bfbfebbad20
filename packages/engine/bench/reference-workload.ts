// The yardstick of the engine benchmark: a fixed pure-JS computation timed in the same process,
// interleaved with the engine, so the figures are ratios that hold whatever else this shared
// machine is doing. NEVER CHANGE IT: every published ratio is relative to this exact code.
// It mixes what the engine does (small integer arrays, 32-bit maths, short-lived objects) on
// purpose, so CPU frequency, cache and GC pressure move both sides alike.

const CELLS = 48;
const WIDTH = 6;

/** One unit of reference work (a few microseconds); returns a checksum so nothing is skipped. */
export function referenceUnit(seed: number): number {
  // xorshift32 fills a 6 x 8 board of six values.
  let s = seed | 0 || 1;
  const cells: number[] = new Array<number>(CELLS);
  for (let i = 0; i < CELLS; i++) {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    cells[i] = (s >>> 0) % 6;
  }
  // Scan rows for pairs and triples, keeping each hit as a small object.
  const hits: { at: number; value: number }[] = [];
  for (let i = 0; i < CELLS; i++) {
    const x = i % WIDTH;
    if (x + 1 < WIDTH && cells[i] === cells[i + 1]) hits.push({ at: i, value: cells[i] });
    if (i + WIDTH < CELLS && cells[i] === cells[i + WIDTH]) hits.push({ at: i, value: -1 });
  }
  // Insertion sort of the board (plain array reads and writes).
  for (let i = 1; i < CELLS; i++) {
    const value = cells[i];
    let j = i - 1;
    while (j >= 0 && cells[j] > value) {
      cells[j + 1] = cells[j];
      j--;
    }
    cells[j + 1] = value;
  }
  let checksum = hits.length;
  for (const hit of hits) checksum = (Math.imul(checksum, 31) + hit.at + hit.value) | 0;
  for (let i = 0; i < CELLS; i++) checksum = (Math.imul(checksum, 7) + cells[i]) | 0;
  return checksum;
}
