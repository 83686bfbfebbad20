// How leaderboard numbers and dates read. Numbers and local dates follow the visitor's locale;
// week dates are shown in UTC, because weeks run Monday 00:00 UTC to the next Monday.

const numberFormat = new Intl.NumberFormat();
const percentFormat = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const utcShortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const localTime = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** A whole number with thousands separators ('12,345'); a dash when not a number. */
export function formatNumber(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value)
    ? numberFormat.format(Math.round(value))
    : '—';
}

/** A share of 0–100 with one decimal ('12.5%'). */
export function formatPercent(value: number): string {
  return `${percentFormat.format(value)}%`;
}

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A score's date in the visitor's local format, or 'N/A' if missing. */
export function formatLocalDate(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? date.toLocaleDateString() : 'N/A';
}

/** A time of day in the visitor's local format ('3:07 PM'). */
export function formatLocalTime(value: string | null | undefined): string {
  const date = toDate(value);
  return date ? localTime.format(date) : '';
}

/**
 * The last instant a board covers. Boards end at the next period's first instant (Monday
 * 00:00 UTC); showing that day would make a week look eight days long.
 */
function lastInstant(endDate: string): Date | null {
  const end = toDate(endDate);
  if (!end) return null;
  const midnight =
    end.getUTCHours() === 0 &&
    end.getUTCMinutes() === 0 &&
    end.getUTCSeconds() === 0 &&
    end.getUTCMilliseconds() === 0;
  return midnight ? new Date(end.getTime() - 1) : end;
}

/**
 * A board's first and last day in UTC: { start: 'Mar 17', end: 'Mar 23, 2025' } (the start
 * keeps its year when the board spans New Year).
 */
export function boardDays(board: { startDate: string; endDate: string }) {
  const start = toDate(board.startDate);
  const end = lastInstant(board.endDate);
  if (!start || !end) return { start: start ? utcDay.format(start) : '?', end: '?' };
  const sameYear = start.getUTCFullYear() === end.getUTCFullYear();
  return {
    start: sameYear ? utcShortDay.format(start) : utcDay.format(start),
    end: utcDay.format(end),
  };
}

/** A compact range for selectors, in UTC: 'Mar 17 – Mar 23'. */
export function shortBoardRange(board: { startDate: string; endDate: string }): string {
  const start = toDate(board.startDate);
  const end = lastInstant(board.endDate);
  if (!start || !end) return '';
  return `${utcShortDay.format(start)} – ${utcShortDay.format(end)}`;
}
