// How a board's dates read: in UTC, because weeks run Monday 00:00 UTC to the next Monday.
// Numbers and local dates are written as everywhere else (src/utils/format.ts).
import { toDate } from '@/utils/format';

const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const utcShortDay = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

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
