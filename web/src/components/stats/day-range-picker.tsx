import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { lastDays, rangeProblem, type DayRange } from './days';
import './stats.css';

/**
 * The statistics' day range, kept in the address (?from=&to=) so a view can be linked; the
 * last 30 days by default. A range that cannot be asked for keeps the default and says why.
 */
export function useDayRange(): {
  range: DayRange;
  asked: DayRange;
  problem: string | null;
  setRange: (range: DayRange) => void;
} {
  const [params, setParams] = useSearchParams();
  const fallback = lastDays();
  const asked = { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to };
  const problem = rangeProblem(asked);
  return {
    range: problem ? fallback : asked,
    asked,
    problem,
    setRange: (next) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('from', next.from);
          updated.set('to', next.to);
          return updated;
        },
        { replace: true },
      ),
  };
}

export function DayRangePicker({
  asked,
  problem,
  onChange,
}: {
  asked: DayRange;
  problem: string | null;
  onChange: (range: DayRange) => void;
}) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="day-range">
      <div className="field">
        <label className="field__label" htmlFor={fromId}>
          From
        </label>
        <input
          id={fromId}
          className="field__input"
          type="date"
          value={asked.from}
          max={asked.to}
          onChange={(event) => onChange({ ...asked, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={toId}>
          To
        </label>
        <input
          id={toId}
          className="field__input"
          type="date"
          value={asked.to}
          min={asked.from}
          onChange={(event) => onChange({ ...asked, to: event.target.value })}
        />
      </div>
      <Button variant="ghost" size="sm" onClick={() => onChange(lastDays())}>
        Last 30 days
      </Button>
      {problem && <Alert>{problem} Showing the last 30 days.</Alert>}
    </div>
  );
}
