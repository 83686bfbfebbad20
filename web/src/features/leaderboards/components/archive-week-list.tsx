import { useId } from 'react';
import { cn } from '@/components/ui/cn';
import type { WeeklyLeaderboard } from '../api/types';
import { shortBoardRange } from '../lib/format';
import type { QuarterGroup } from '../lib/quarters';
import './archive-week-list.css';

/** The archive's weeks grouped by quarter ('Q{n} {year}'), newest first; one is selected. */
export function ArchiveWeekList({
  groups,
  selectedId,
  onSelect,
}: {
  groups: readonly QuarterGroup[];
  selectedId: string;
  onSelect: (week: WeeklyLeaderboard) => void;
}) {
  return (
    <nav className="archive-weeks" aria-label="Weeks by quarter">
      {groups.map((group) => (
        <Quarter key={group.label} group={group} selectedId={selectedId} onSelect={onSelect} />
      ))}
    </nav>
  );
}

function Quarter({
  group,
  selectedId,
  onSelect,
}: {
  group: QuarterGroup;
  selectedId: string;
  onSelect: (week: WeeklyLeaderboard) => void;
}) {
  const titleId = useId();
  const count = group.weeks.length;
  return (
    <section className="archive-quarter" aria-labelledby={titleId}>
      <h2 id={titleId} className="archive-quarter__title">
        {group.label}
        <span className="archive-quarter__count">
          {count} {count === 1 ? 'week' : 'weeks'}
        </span>
      </h2>
      <ul className="archive-quarter__weeks">
        {group.weeks.map((week) => {
          const selected = week.id === selectedId;
          return (
            <li key={week.id}>
              <button
                type="button"
                className={cn('archive-week', selected && 'archive-week--selected')}
                aria-pressed={selected}
                onClick={() => onSelect(week)}
              >
                <span className="archive-week__name">{week.name}</span>
                <span className="archive-week__dates">
                  {shortBoardRange(week)}
                  {week.isActive && <span className="archive-week__active">Active</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
