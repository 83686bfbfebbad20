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

/** The range's two ends, each a date field that may not pass the other. */
const ENDS = [
  { end: 'from', label: 'From', bound: (range: DayRange) => ({ max: range.to }) },
  { end: 'to', label: 'To', bound: (range: DayRange) => ({ min: range.from }) },
] as const;

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
      {ENDS.map(({ end, label, bound }) => (
        <Field
          key={end}
          label={label}
          type="date"
          value={asked[end]}
          {...bound(asked)}
          onChange={(event) => onChange({ ...asked, [end]: event.target.value })}
        />
      ))}
      <Button variant="ghost" size="sm" onClick={() => onChange(lastDays())}>
        Last 30 days
      </Button>
      {problem && <Alert>{problem} Showing the last 30 days.</Alert>}
    </div>
  );
}
