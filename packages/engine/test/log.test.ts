import {
  MAX_LOG_ENTRIES,
  MAX_LOG_GAP_MS,
  MAX_LOG_JSON_LENGTH,
  decodeGameLog,
  encodeGameLog,
  parseGameLog,
} from '../src';
import type { GameLog } from '../src';

const SAMPLE: GameLog = [
  { type: 'swap', from: { x: 0, y: 0 }, to: { x: 1, y: 0 }, at: 1_732_190_000_000 },
  { type: 'swap', from: { x: 3, y: 5 }, to: { x: 3, y: 4 }, at: 1_732_190_001_250 },
  { type: 'reset', at: 1_732_190_004_000 },
  { type: 'swap', from: { x: 5, y: 7 }, to: { x: 4, y: 7 }, at: 1_732_190_004_900 },
  { type: 'extraMoves', at: 1_732_190_030_000 },
  { type: 'swap', from: { x: 2, y: 2 }, to: { x: 2, y: 3 }, at: 1_732_190_030_000 },
];

describe('game log wire form', () => {
  it('encodes actions as cell x 4 + direction, 192 reset, 193 extra moves, with gaps', () => {
    expect(encodeGameLog(SAMPLE)).toEqual({
      v: 1,
      t0: 1_732_190_000_000,
      e: [
        [1, 0], // cell 0, right
        [(5 * 6 + 3) * 4 + 0, 1250], // cell 33, up
        [192, 2750],
        [(7 * 6 + 5) * 4 + 3, 900], // cell 47, left
        [193, 25_100],
        [(2 * 6 + 2) * 4 + 2, 0], // cell 14, down
      ],
    });
    expect(encodeGameLog([])).toEqual({ v: 1, t0: 0, e: [] });
  });

  it('round-trips through JSON text', () => {
    const text = JSON.stringify(encodeGameLog(SAMPLE));
    expect(parseGameLog(text)).toEqual({ ok: true, log: SAMPLE });
  });

  it('keeps a 300-move game well under 8 KB', () => {
    const log: GameLog = [];
    let at = 1_732_190_000_000;
    for (let i = 0; i < 300; i++) {
      at += 9_999 - (i % 7) * 1_111; // long, varied gaps: close to the worst case
      log.push({
        type: 'swap',
        from: { x: i % 5, y: i % 8 },
        to: { x: (i % 5) + 1, y: i % 8 },
        at,
      });
    }
    const bytes = Buffer.byteLength(JSON.stringify(encodeGameLog(log)));
    expect(bytes).toBeLessThan(4_500);
  });

  it('rounds timestamps and writes a clock that went backwards as a 0 ms gap', () => {
    const wire = encodeGameLog([
      { type: 'reset', at: 100.4 },
      { type: 'reset', at: 250.6 },
      { type: 'reset', at: 200 },
    ]);
    expect(wire).toEqual({
      v: 1,
      t0: 100,
      e: [
        [192, 0],
        [192, 151],
        [192, 0],
      ],
    });
  });

  it('refuses to encode what no live game produces', () => {
    const far: GameLog = [{ type: 'swap', from: { x: 0, y: 0 }, to: { x: 2, y: 0 }, at: 0 }];
    expect(() => encodeGameLog(far)).toThrow(RangeError);
    const offBoard: GameLog = [{ type: 'swap', from: { x: 6, y: 0 }, to: { x: 5, y: 0 }, at: 0 }];
    expect(() => encodeGameLog(offBoard)).toThrow(RangeError);
    expect(() => encodeGameLog([{ type: 'reset', at: NaN }])).toThrow(RangeError);
  });
});

describe('decoding untrusted input', () => {
  const valid = { v: 1, t0: 1000, e: [[1, 0]] };

  it.each([
    ['null', null, 'expected an object'],
    ['a number', 42, 'expected an object'],
    ['a string', '{"v":1}', 'expected an object'],
    ['an array', [1, 2], 'expected an object'],
    ['an empty object', {}, '"v" must be 1'],
    ['another version', { ...valid, v: 2 }, '"v" must be 1'],
    ['an unknown field', { ...valid, seed: 'x' }, 'unknown field "seed"'],
    ['a missing t0', { v: 1, e: [] }, '"t0"'],
    ['a negative t0', { ...valid, t0: -1 }, '"t0"'],
    ['a fractional t0', { ...valid, t0: 1.5 }, '"t0"'],
    ['an unsafe t0', { ...valid, t0: 2 ** 60 }, '"t0"'],
    ['a string e', { ...valid, e: 'abc' }, '"e" must be an array'],
    ['an object entry', { ...valid, e: [{ a: 1 }] }, 'e[0] must be a pair'],
    ['a short entry', { ...valid, e: [[1, 0], [1]] }, 'e[1] must be a pair'],
    ['a long entry', { ...valid, e: [[1, 0, 0]] }, 'e[0] must be a pair'],
    ['an action too big', { ...valid, e: [[194, 0]] }, 'e[0][0] (action)'],
    ['a negative action', { ...valid, e: [[-1, 0]] }, 'e[0][0] (action)'],
    ['a fractional action', { ...valid, e: [[1.5, 0]] }, 'e[0][0] (action)'],
    ['a string action', { ...valid, e: [['1', 0]] }, 'e[0][0] (action)'],
    ['a negative gap', { ...valid, e: [[1, -5]] }, 'e[0][1] (gap)'],
    ['a gap too long', { ...valid, e: [[1, MAX_LOG_GAP_MS + 1]] }, 'e[0][1] (gap)'],
    ['a null gap', { ...valid, e: [[1, null]] }, 'e[0][1] (gap)'],
    [
      'time past the safe range',
      { ...valid, t0: Number.MAX_SAFE_INTEGER - 10, e: [[1, 11]] },
      'beyond the safe range',
    ],
    [
      'too many entries',
      { ...valid, e: Array.from({ length: MAX_LOG_ENTRIES + 1 }, () => [1, 0]) },
      `at most ${MAX_LOG_ENTRIES}`,
    ],
  ])('rejects %s with a clear message', (_name, input, fragment) => {
    const result = decodeGameLog(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error).toContain('Invalid game log: ');
      expect(result.error).toContain(fragment);
    }
  });

  it('accepts the largest allowed log', () => {
    const e = Array.from({ length: MAX_LOG_ENTRIES }, () => [191, MAX_LOG_GAP_MS]);
    const result = decodeGameLog({ v: 1, t0: 0, e });
    expect(result.ok && result.log.length).toBe(MAX_LOG_ENTRIES);
    expect(JSON.stringify({ v: 1, t0: 0, e }).length).toBeLessThan(MAX_LOG_JSON_LENGTH);
  });

  it('rejects a __proto__ field smuggled in by JSON', () => {
    const result = parseGameLog('{"v":1,"t0":0,"e":[],"__proto__":{"polluted":true}}');
    expect(result).toMatchObject({ ok: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, even on hostile objects', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('boom');
        },
      },
    );
    expect(decodeGameLog(hostile)).toEqual({
      ok: false,
      error: 'Invalid game log: unreadable input',
    });
  });

  it('decodes a swap off the board as is, for replay to reject', () => {
    const result = decodeGameLog({ v: 1, t0: 0, e: [[0, 0]] });
    expect(result).toEqual({
      ok: true,
      log: [{ type: 'swap', from: { x: 0, y: 0 }, to: { x: 0, y: -1 }, at: 0 }],
    });
  });

  it('parses JSON text defensively', () => {
    expect(parseGameLog(42)).toMatchObject({
      ok: false,
      error: expect.stringContaining('JSON text'),
    });
    expect(parseGameLog('{"v":1,')).toMatchObject({
      ok: false,
      error: expect.stringContaining('not valid JSON'),
    });
    expect(parseGameLog(' '.repeat(MAX_LOG_JSON_LENGTH + 1))).toMatchObject({
      ok: false,
      error: expect.stringContaining('longer than'),
    });
    expect(parseGameLog('{"v":1,"t0":5,"e":[[192,3]]}')).toEqual({
      ok: true,
      log: [{ type: 'reset', at: 8 }],
    });
  });
});
