import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Ball } from '@/components/ui/ball';
import { cn } from '@/components/ui/cn';
import type { WeeklyLeaderboard } from '../api/types';
import { boardDays } from '../lib/format';
import { TrophyIcon } from './icons';
import { WeeklyResetCountdown } from './weekly-reset-countdown';
import './week-banner.css';

/**
 * The head of the weekly tab: the 'Weekly Competition' banner, '{name} Leaderboard', 'Week runs
 * from {start} to {end}' with 'Active', and the countdown to the reset.
 */
export function WeekBanner({ week, onReset }: { week: WeeklyLeaderboard; onReset?: () => void }) {
  const titleId = useId();
  const { start, end } = boardDays(week);
  return (
    <section className="week-banner" aria-labelledby={titleId}>
      <div className="week-banner__balls" aria-hidden="true">
        <Ball color="yellow" size={54} />
        <Ball color="purple" size={34} />
        <Ball color="orange" size={24} />
      </div>
      <BannerMain
        titleId={titleId}
        eyebrow="Weekly Competition"
        title={`${week.name} Leaderboard`}
        dates={`Week runs from ${start} to ${end}`}
        active={week.isActive}
      />
      <div className="week-banner__side">
        {week.isActive ? (
          <WeeklyResetCountdown onReset={onReset} />
        ) : (
          <p className="week-banner__final">Final standings: this week is over.</p>
        )}
      </div>
    </section>
  );
}

/** A banner's text: what it is, the board's name, its dates and whether it is running. */
export function BannerMain({
  titleId,
  eyebrow,
  title,
  dates,
  active,
}: {
  titleId: string;
  eyebrow: string;
  title: string;
  dates: string;
  active: boolean;
}) {
  return (
    <div className="week-banner__main">
      <p className="week-banner__eyebrow">
        <TrophyIcon />
        {eyebrow}
      </p>
      <h2 id={titleId} className="week-banner__title">
        {title}
      </h2>
      <BoardDates dates={dates} active={active} className="week-banner__dates" />
    </div>
  );
}

/** A board's dates and, while it runs, 'Active' (the weekly banner, the archive's week). */
export function BoardDates({
  dates,
  active,
  className,
}: {
  dates: string;
  active: boolean;
  className?: string;
}) {
  return (
    <p className={cn('board-dates', className)}>
      <span>{dates}</span>
      {active && <Badge tone="green">Active</Badge>}
    </p>
  );
}
