// The one source of randomness: sfc32 (Chris Doty-Humphrey's Small Fast Counting generator,
// PractRand) seeded by the cyrb128 string hash (bryc). Both use only 32-bit integer maths, so
// every JavaScript engine produces the same stream. The state is four uint32 numbers kept in
// the game state, so a swap on a saved state continues exactly where the last one stopped.

/** The generator's state: plain data, safe to serialise. */
export type RngState = [number, number, number, number];

/** What the rules need from a random source (tests may pass a rigged one). */
export interface RandomSource {
  /** A whole number in [0, n), for 1 <= n <= 2^21. */
  nextInt(n: number): number;
}

/** cyrb128: hashes a string into four 32-bit words (https://github.com/bryc/code). */
function cyrb128(text: string): RngState {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** A mutable sfc32 generator working on a private copy of a state. */
export class Sfc32 implements RandomSource {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(state: Readonly<RngState>) {
    this.a = state[0] | 0;
    this.b = state[1] | 0;
    this.c = state[2] | 0;
    this.d = state[3] | 0;
  }

  /** The next 32-bit output as an unsigned integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  nextInt(n: number): number {
    // uint32 / 2^32 and the product with a small n are exact in a double: no engine can differ.
    return Math.floor((this.nextUint32() / 4294967296) * n);
  }

  /** A copy of the current state, to store in the next game state. */
  snapshot(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }
}

/** Outputs discarded after seeding, as the sfc32 authors advise, so similar seeds diverge. */
const WARM_UP_ROUNDS = 15;

/** The generator state for a seed string. */
export function seedRng(seed: string): RngState {
  const rng = new Sfc32(cyrb128(seed));
  for (let i = 0; i < WARM_UP_ROUNDS; i++) rng.nextUint32();
  return rng.snapshot();
}
