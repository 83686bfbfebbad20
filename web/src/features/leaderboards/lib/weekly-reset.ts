// The weekly reset: every board week ends Monday 00:00 UTC (the scores service uses the same
// boundary).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The next Monday 00:00 UTC strictly after `now`. */
export function nextWeeklyReset(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: 0 Sunday ... 1 Monday; days until the next Monday, never 0.
  const days = (8 - now.getUTCDay()) % 7 || 7;
  return new Date(midnight + days * DAY);
}

/**
 * Time left as '2d 4h 12m' (days and hours dropped once they reach zero). Minutes round up,
 * so the countdown reads '1m' in the last minute and never '0m' before the reset.
 */
export function formatCountdown(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const d = Math.floor(minutes / (24 * 60));
  const h = Math.floor((minutes % (24 * 60)) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d}d ${h}h ${m}m`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m`;
}

/** Whole weeks from one week's start to a later one's (0 for the same week). */
export function weeksBetween(earlierStart: string, laterStart: string): number {
  const diff = new Date(laterStart).getTime() - new Date(earlierStart).getTime();
  return Number.isFinite(diff) ? Math.round(diff / (7 * DAY)) : 0;
}
