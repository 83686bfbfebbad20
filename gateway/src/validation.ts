import { z } from 'zod';
import { AppError, isUuid, parseField, schemaOnce } from '@ballmatch/platform';

/** A required string field with messages that name it: 'email is required', 'email must be text'. */
export function requiredText(field: string, max = 1000) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be text`,
    })
    .max(max, { error: `${field} is too long (at most ${max} characters)` });
}

export function optionalText(field: string, max = 1000) {
  return requiredText(field, max).optional();
}

/**
 * The whole numbers each proto integer type carries (int64 as far as a JS number is exact).
 * The gateway refuses a number its proto field cannot carry, so nothing past here fails on
 * encoding; the bounds the product sets (a level of at least 1...) are each service's.
 */
export const WIRE_RANGE = {
  int32: { min: -(2 ** 31), max: 2 ** 31 - 1 },
  int64: { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER },
} as const;
export type WireInteger = keyof typeof WIRE_RANGE;

const outOfRange = (field: string) => `${field} is out of range`;

/**
 * A whole number JSON field that fits `wire`: 'level is required', 'level must be a whole
 * number', 'level is out of range'.
 */
export function wireInteger(field: string, wire: WireInteger) {
  const rule = `${field} must be a whole number`;
  // Not .int(): it refuses 2^53 as 'not whole', where 'out of range' is what is wrong.
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : rule) })
    .refine((n) => Number.isInteger(n), { error: rule })
    .min(WIRE_RANGE[wire].min, { error: outOfRange(field) })
    .max(WIRE_RANGE[wire].max, { error: outOfRange(field) });
}

/**
 * A whole number in a query string (`?score=12`), as its proto field carries it: digits with
 * an optional minus sign; anything else is 'score must be a whole number', and one past the
 * wire's range (2^53 and beyond for an int64) 'score is out of range'.
 */
export function wireIntegerQuery(value: unknown, field: string, wire: WireInteger): number {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be a whole number`, { field });
  }
  const n = Number(value);
  if (n < WIRE_RANGE[wire].min || n > WIRE_RANGE[wire].max) {
    throw new AppError('INVALID_ARGUMENT', outOfRange(field), { field });
  }
  return n;
}

/** A query parameter as given: `?kind=a&kind=b` counts as its first value; undefined if absent. */
export function queryValue(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

/** A query parameter's text (its first value); absent or not text, ''. */
export function queryText(value: unknown): string {
  return queryValue(value) ?? '';
}

/** `?from&to` of a report: each its text, '' when absent (the service reads the dates). */
export function dateRange(query: Record<string, unknown>): { from: string; to: string } {
  return { from: queryText(query.from), to: queryText(query.to) };
}

/** A path parameter that must be a UUID: `id must be an order id (UUID)` otherwise. */
export function uuidParam(value: unknown, field: string, what: string): string {
  const id = String(value ?? '');
  if (!isUuid(id)) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be ${what} (UUID)`, { field });
  }
  return id;
}

/**
 * On the wire 0 means 'the default', so a count that is given (`page`, `limit`, `radius`,
 * `days`) must be at least 1; nine digits at most, so it fits its int32 field. Its upper bound
 * is the service's, and so is that message (docs/api.md 'Paging and limits').
 */
const positiveInt = (field: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: `${field} must be a whole number` })
    .transform(Number)
    .refine((n) => n >= 1, { error: `${field} must be a whole number of at least 1` })
    .optional();

/** A count in a query string (`?limit=10`): absent (or empty) is 0, the service's default. */
export function countQuery(value: unknown, field: string): number {
  const schema = schemaOnce(`count ${field}`, () => positiveInt(field));
  return parseField(schema, queryValue(value) || undefined, field) ?? 0;
}

/** `?page&limit` of a paged list. */
export function pageQuery(query: Record<string, unknown>): { page: number; limit: number } {
  return { page: countQuery(query.page, 'page'), limit: countQuery(query.limit, 'limit') };
}
