import { AppError } from './errors';

// Day ranges of the admins' statistics (ads, game analytics, new users): UTC days as
// YYYY-MM-DD, both ends included. One rule for every service that reads per-day figures.

const DAY_MS = 86_400_000;
/** The default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;
/** The longest range one request may read. */
export const MAX_RANGE_DAYS = 366;

/** The UTC day of an instant, as YYYY-MM-DD. */
export const dayOf = (at: Date): string => at.toISOString().slice(0, 10);

function parseDay(text: string, field: string): Date {
  const at = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(at.getTime()) || dayOf(at) !== text) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be a date as YYYY-MM-DD`, { field });
  }
  return at;
}

/**
 * `from` and `to` (YYYY-MM-DD, inclusive, UTC) checked; an empty `to` is today and an empty
 * `from` the 30th day back from `to`. At most 366 days; `from` not after `to`.
 */
export function dayRange(from: string, to: string, now: Date): { from: string; to: string } {
  const end = to ? parseDay(to, 'to') : parseDay(dayOf(now), 'to');
  const start = from
    ? parseDay(from, 'from')
    : new Date(end.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  if (start > end)
    throw new AppError('INVALID_ARGUMENT', 'from must not be after to', { field: 'from' });
  if ((end.getTime() - start.getTime()) / DAY_MS + 1 > MAX_RANGE_DAYS) {
    throw new AppError('INVALID_ARGUMENT', `The range may span at most ${MAX_RANGE_DAYS} days`, {
      field: 'from',
    });
  }
  return { from: dayOf(start), to: dayOf(end) };
}

/**
 * SQL for figures per UTC day over the days `:from` to `:to` (named bindings, YYYY-MM-DD, both
 * included), as dayRange answers them: the days themselves (a CTE's body, one row `day` each),
 * a timestamptz column's UTC day, and whether the column falls within those days (a condition
 * an index on the column serves).
 */
export const perDaySql = {
  days: "SELECT d::date AS day FROM generate_series(:from::date, :to::date, interval '1 day') d",
  dayOf: (column: string) => `(${column} AT TIME ZONE 'UTC')::date`,
  within: (column: string) =>
    `${column} >= :from::date::timestamp AT TIME ZONE 'UTC' ` +
    `AND ${column} < (:to::date + 1)::timestamp AT TIME ZONE 'UTC'`,
};
