// The archive's grouping: weeks by the quarter of their start date, 'Q{n} {year}', newest quarter
// first and newest week first within it. Quarters are taken in UTC, like weeks.
import type { WeeklyLeaderboard } from '../api/types';

export interface QuarterGroup {
  /** 'Q1 2025' */
  label: string;
  weeks: WeeklyLeaderboard[];
}

function startTime(week: WeeklyLeaderboard): number {
  const time = new Date(week.startDate).getTime();
  return Number.isNaN(time) ? -Infinity : time;
}

/** The weeks sorted newest first (by start date; the id breaks ties for a stable order). */
export function newestFirst(weeks: readonly WeeklyLeaderboard[]): WeeklyLeaderboard[] {
  return [...weeks].sort((a, b) => startTime(b) - startTime(a) || b.id.localeCompare(a.id));
}

export function quarterLabel(startDate: string): string {
  const date = new Date(startDate);
  if (Number.isNaN(date.getTime())) return 'Undated';
  return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
}

export function groupWeeksByQuarter(weeks: readonly WeeklyLeaderboard[]): QuarterGroup[] {
  const groups: QuarterGroup[] = [];
  for (const week of newestFirst(weeks)) {
    const label = quarterLabel(week.startDate);
    const last = groups[groups.length - 1];
    if (last?.label === label) last.weeks.push(week);
    else groups.push({ label, weeks: [week] });
  }
  return groups;
}
