/** Weeks run from Monday 00:00 UTC to the next Monday 00:00 UTC (exclusive). */
const DAY_MS = 24 * 3600_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function weekStart(at: Date): Date {
  const midnight = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

export function weekEnd(start: Date): Date {
  return new Date(start.getTime() + 7 * DAY_MS);
}

/** 'Week of Nov 16, 2026'. */
export function weekName(start: Date): string {
  return `Week of ${MONTHS[start.getUTCMonth()]} ${start.getUTCDate()}, ${start.getUTCFullYear()}`;
}

/** The week instant `at` falls in, as the store keeps it. */
export function weekOf(at: Date): { startsAt: Date; endsAt: Date; name: string } {
  const startsAt = weekStart(at);
  return { startsAt, endsAt: weekEnd(startsAt), name: weekName(startsAt) };
}
