import { Sfc32, seedRng } from '../src/random';

// The published cyrb128 string hash (bryc) of each seed, as its reference code computes it.
const CYRB128: [string, [number, number, number, number]][] = [
  ['', [41608494, 3485963809, 1435736333, 1262568316]],
  ['a', [1589175524, 148824423, 2405369273, 1476957317]],
  ['ballmatch', [393440098, 1812988280, 1624055163, 2023615994]],
  ['session:3f2a-\u00e9\u{1f3b1}', [2626447979, 809152826, 2241544001, 2839704548]],
];

// The published sfc32 (PractRand; JavaScript by bryc), kept verbatim as the reference.
function referenceSfc32(a: number, b: number, c: number, d: number): () => number {
  return function () {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

describe('seeded PRNG', () => {
  it('matches the published sfc32 output for the same state', () => {
    const state = seedRng('reference');
    const reference = referenceSfc32(...state);
    const rng = new Sfc32(state);
    for (let i = 0; i < 1000; i++) expect(rng.nextUint32() / 4294967296).toBe(reference());
  });

  it('seeds sfc32 with cyrb128 of the seed, 15 outputs discarded', () => {
    for (const [seed, hash] of CYRB128) {
      const reference = referenceSfc32(...hash);
      for (let i = 0; i < 15; i++) reference();
      const rng = new Sfc32(seedRng(seed));
      for (let i = 0; i < 100; i++) expect(rng.nextUint32() / 4294967296).toBe(reference());
    }
  });

  it('gives the same stream for the same seed, and a different one for another seed', () => {
    expect(seedRng('game-1')).toEqual(seedRng('game-1'));
    expect(seedRng('game-1')).not.toEqual(seedRng('game-2'));
    expect(seedRng('')).toHaveLength(4);
  });

  it('is pinned: stored games replay only while these numbers hold', () => {
    expect(seedRng('ballmatch')).toEqual([2413765909, 3188878191, 1557283384, 2023616009]);
    const rng = new Sfc32(seedRng('ballmatch'));
    expect(Array.from({ length: 12 }, () => rng.nextInt(6))).toEqual([
      4, 2, 1, 1, 2, 5, 2, 0, 0, 1, 3, 5,
    ]);
  });

  it('continues the same stream from a snapshot', () => {
    const whole = new Sfc32(seedRng('snap'));
    const firstHalf = Array.from({ length: 5 }, () => whole.nextUint32());
    const resumed = new Sfc32(whole.snapshot());
    const secondHalf = Array.from({ length: 5 }, () => resumed.nextUint32());
    const straight = new Sfc32(seedRng('snap'));
    expect(Array.from({ length: 10 }, () => straight.nextUint32())).toEqual([
      ...firstHalf,
      ...secondHalf,
    ]);
  });

  it('draws whole numbers below n, every value reachable', () => {
    const rng = new Sfc32(seedRng('range'));
    const seen = new Set<number>();
    for (let i = 0; i < 600; i++) {
      const value = rng.nextInt(6);
      expect(Number.isInteger(value) && value >= 0 && value < 6).toBe(true);
      seen.add(value);
    }
    expect(seen.size).toBe(6);
  });
});
