import { useEffect, useRef } from 'react';
import { LineIcon } from '@/components/ui/line-icon';
import { formatCountdown, nextWeeklyReset } from '../lib/weekly-reset';
import { useNow } from '../lib/use-now';
import './weekly-reset-countdown.css';

/**
 * 'Resets in 2d 4h 12m (Monday 00:00 UTC)': the time left until the weekly boards reset.
 * When the reset passes while the page is open, `onReset` runs (the page fetches the new week).
 */
export function WeeklyResetCountdown({ onReset }: { onReset?: () => void }) {
  const now = useNow(1000);
  const reset = nextWeeklyReset(now);
  const resetAt = reset.getTime();
  const knownResetAt = useRef(resetAt);
  const onResetRef = useRef(onReset);

  useEffect(() => {
    onResetRef.current = onReset;
  }, [onReset]);

  useEffect(() => {
    if (resetAt === knownResetAt.current) return;
    knownResetAt.current = resetAt;
    onResetRef.current?.();
  }, [resetAt]);

  return (
    <p className="reset-countdown">
      <ClockIcon />
      <span>
        Resets in{' '}
        <time dateTime={reset.toISOString()} className="reset-countdown__time">
          {formatCountdown(resetAt - now.getTime())}
        </time>{' '}
        <span className="reset-countdown__when">(Monday 00:00 UTC)</span>
      </span>
    </p>
  );
}

function ClockIcon() {
  return (
    <LineIcon join={false} d="M12 7v5l3.5 2">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
    </LineIcon>
  );
}
