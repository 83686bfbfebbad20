import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
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
  return (
    <div className="day-range">
      <Field
        label="From"
        type="date"
        value={asked.from}
        max={asked.to}
        onChange={(event) => onChange({ ...asked, from: event.target.value })}
      />
      <Field
        label="To"
        type="date"
        value={asked.to}
        min={asked.from}
        onChange={(event) => onChange({ ...asked, to: event.target.value })}
      />
      <Button variant="ghost" size="sm" onClick={() => onChange(lastDays())}>
        Last 30 days
      </Button>
      {problem && <Alert>{problem} Showing the last 30 days.</Alert>}
    </div>
  );
}
