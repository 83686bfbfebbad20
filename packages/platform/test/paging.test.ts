import { AppError } from '../src/errors';
import { limitOf, offsetOf, pageAnswer, pageOf, paginationOf } from '../src/paging';
import { numberIn, parseField, wholeNumberIn } from '../src/parse-body';

const rule = { default: 20, max: 100 };

function refusal(work: () => unknown): { message: string; field?: string } {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.code).toBe('INVALID_ARGUMENT');
    return { message: e.message, field: e.details.field };
  }
  throw new Error('not refused');
}

describe('limitOf', () => {
  it('reads 0 as the default and takes 1..max as asked', () => {
    expect(limitOf(0, rule)).toBe(20);
    expect(limitOf(1, rule)).toBe(1);
    expect(limitOf(100, rule)).toBe(100);
  });

  it('refuses, never clamps, what is outside 1..max, naming the field', () => {
    for (const raw of [101, -1, 2.5, Number.NaN, 2 ** 31]) {
      expect(refusal(() => limitOf(raw, rule))).toEqual({
        message: 'limit must be a whole number from 1 to 100',
        field: 'limit',
      });
    }
    expect(refusal(() => limitOf(26, { default: 5, max: 25 }, 'radius'))).toEqual({
      message: 'radius must be a whole number from 1 to 25',
      field: 'radius',
    });
  });
});

describe('offsetOf and pageOf', () => {
  it('takes an offset of at least 0', () => {
    expect(offsetOf(0)).toBe(0);
    expect(offsetOf(40)).toBe(40);
    expect(refusal(() => offsetOf(-1))).toEqual({
      message: 'offset must be a whole number of at least 0',
      field: 'offset',
    });
  });

  it('numbers pages from 1 (0 is the first) and gives their window', () => {
    expect(pageOf({ page: 0, limit: 0 }, rule)).toEqual({ page: 1, limit: 20, offset: 0 });
    expect(pageOf({ page: 3, limit: 10 }, rule)).toEqual({ page: 3, limit: 10, offset: 20 });
    expect(refusal(() => pageOf({ page: -2, limit: 10 }, rule))).toEqual({
      message: 'page must be a whole number of at least 1',
      field: 'page',
    });
    expect(refusal(() => pageOf({ page: 1, limit: 101 }, rule)).field).toBe('limit');
  });
});

describe('paginationOf', () => {
  it('counts pages, the last one short, none for an empty list', () => {
    expect(paginationOf({ page: 2, limit: 10 }, 25)).toEqual({
      currentPage: 2,
      totalPages: 3,
      total: 25,
      hasNextPage: true,
      hasPrevPage: true,
    });
    expect(paginationOf({ page: 1, limit: 10 }, 0)).toEqual({
      currentPage: 1,
      totalPages: 0,
      total: 0,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('answers a page past the last with no next page', () => {
    const at = pageOf({ page: 5, limit: 10 }, rule);
    expect(pageAnswer(at, 25, [])).toEqual({
      data: [],
      pagination: {
        currentPage: 5,
        totalPages: 3,
        total: 25,
        hasNextPage: false,
        hasPrevPage: true,
      },
    });
  });
});

describe('parseField with numberIn and wholeNumberIn', () => {
  it('answers a number in range and refuses anything else with the one message', () => {
    const seconds = numberIn('gameTime must be a number of seconds, 0 or more', 0, 60);
    expect(parseField(seconds, 2.5, 'gameTime')).toBe(2.5);
    for (const bad of [-1, 61, Number.NaN, Number.POSITIVE_INFINITY, '3', undefined]) {
      expect(refusal(() => parseField(seconds, bad, 'gameTime'))).toEqual({
        message: 'gameTime must be a number of seconds, 0 or more',
        field: 'gameTime',
      });
    }
    const level = wholeNumberIn('level must be a whole number of at least 1', 1);
    expect(parseField(level, 7, 'level')).toBe(7);
    expect(refusal(() => parseField(level, 1.5, 'level')).message).toBe(
      'level must be a whole number of at least 1',
    );
  });

  it('builds a schema once for its message and bounds, not once a call', () => {
    // Building a zod schema costs far more than a parse: one a call was most of the CPU a
    // submission's three number checks took in scores (docs/benchmarks.md 'A lighter house').
    const message = 'score must be a whole number of at least 1';
    expect(wholeNumberIn(message, 1, 100)).toBe(wholeNumberIn(message, 1, 100));
    expect(numberIn('ms from 0 to 9', 0, 9)).toBe(numberIn('ms from 0 to 9', 0, 9));
    expect(wholeNumberIn(message, 1, 100)).not.toBe(wholeNumberIn(message, 1, 101));
    expect(numberIn(message, 1, 100)).not.toBe(wholeNumberIn(message, 1, 100));
  });
});
