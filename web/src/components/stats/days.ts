// Day ranges of the admins' statistics pages, in UTC days as the server counts them, and the
// per-day series drawn over them.

/** A day range, both ends inclusive, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
/** The server's default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function lastDays(count = DEFAULT_RANGE_DAYS, now = Date.now()): DayRange {
  return { from: isoDay(now - (count - 1) * DAY_MS), to: isoDay(now) };
}

/** Every day from `from` to `to`, both included (none when the range is backwards). */
export function daysIn({ from, to }: DayRange): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const days: string[] = [];
  for (let ms = start; ms <= end; ms += DAY_MS) days.push(isoDay(ms));
  return days;
}

/** Why a range cannot be asked for, or null when it can. */
export function rangeProblem({ from, to }: DayRange): string | null {
  if (!from || !to) return 'Choose both days.';
  if (from > to) return 'The first day must not be after the last.';
  return null;
}

/** One value per day of `days` (0 for a day without rows), summing the rows of each day. */
export function perDay<Row extends { day: string }>(
  days: readonly string[],
  rows: readonly Row[],
  value: (row: Row) => number,
): number[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + value(row));
  return days.map((day) => byDay.get(day) ?? 0);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
