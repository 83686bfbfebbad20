import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { WeeklyLeaderboard } from '../api/types';
import { shortBoardRange } from '../lib/format';
import { weeksBetween } from '../lib/weekly-reset';
import './week-selector.css';

/** How long ago a week was, next to the current one: 'Last week', '3 weeks ago'. */
function ago(week: WeeklyLeaderboard, current: WeeklyLeaderboard): string {
  const n = weeksBetween(week.startDate, current.startDate);
  if (n <= 0) return 'Latest';
  return n === 1 ? 'Last week' : `${n} weeks ago`;
}

/**
 * The 'Select Week' row: the most recent weeks, newest first, the active one marked. Each reads as
 * its days ('Nov 16 – Nov 22') and how long ago it was; the full name is its title.
 */
export function WeekSelector({
  weeks,
  selectedId,
  onSelect,
  action,
}: {
  weeks: readonly WeeklyLeaderboard[];
  selectedId: string | undefined;
  onSelect: (week: WeeklyLeaderboard) => void;
  /** Shown at the end of the row (the 'View Archive' button). */
  action?: ReactNode;
}) {
  const labelId = useId();
  const current = weeks.find((w) => w.isActive) ?? weeks[0];
  return (
    <div className="week-selector">
      <span id={labelId} className="week-selector__label">
        Select Week
      </span>
      <div className="week-selector__list" role="group" aria-labelledby={labelId}>
        {weeks.map((week) => {
          const selected = week.id === selectedId;
          return (
            <button
              key={week.id}
              type="button"
              className={cn('week-chip', selected && 'week-chip--selected')}
              aria-pressed={selected}
              title={week.name}
              onClick={() => onSelect(week)}
            >
              <span className="week-chip__range">{shortBoardRange(week)}</span>
              {week.isActive ? (
                <span className="week-chip__when week-chip__when--active">
                  <span className="week-chip__dot" aria-hidden="true" />
                  Active
                </span>
              ) : (
                <span className="week-chip__when">{ago(week, current)}</span>
              )}
            </button>
          );
        })}
      </div>
      {action && <div className="week-selector__action">{action}</div>}
    </div>
  );
}
