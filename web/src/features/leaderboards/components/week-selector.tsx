import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import type { WeeklyLeaderboard } from '../api/types';
import { shortBoardRange } from '../lib/format';
import './week-selector.css';

/** SPEC 2's 'Select Week' row: the most recent weeks, newest first, the active one marked. */
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
              onClick={() => onSelect(week)}
            >
              <span className="week-chip__name">
                {week.name}
                {week.isActive && (
                  <span className="week-chip__active">
                    <span className="week-chip__dot" aria-hidden="true" />
                    Active
                  </span>
                )}
              </span>
              <span className="week-chip__dates">{shortBoardRange(week)}</span>
            </button>
          );
        })}
      </div>
      {action && <div className="week-selector__action">{action}</div>}
    </div>
  );
}
