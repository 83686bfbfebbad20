import type { WeeklyLeaderboard } from '../api/types';
import { newestFirst } from './quarters';

/** The week selector offers the 5 most recent weeks. */
export const WEEK_SELECTOR_SIZE = 5;

/**
 * The weeks the selector offers: the newest ones, newest first, always including the active
 * week (it may be missing from a list fetched just before Monday's reset created it).
 */
export function recentWeeks(
  weeks: readonly WeeklyLeaderboard[],
  active: WeeklyLeaderboard | undefined,
  count = WEEK_SELECTOR_SIZE,
): WeeklyLeaderboard[] {
  const all = active && !weeks.some((w) => w.id === active.id) ? [active, ...weeks] : weeks;
  const marked = all.map((w) => (active ? { ...w, isActive: w.id === active.id } : w));
  return newestFirst(marked).slice(0, count);
}
