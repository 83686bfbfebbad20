import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DayRangePicker, useDayRange } from './day-range-picker';
import { daysIn, type DayRange } from './days';
import { QueryStates } from './query-states';

/**
 * A statistics page over a range of days: the range's picker (kept in the address), then the
 * figures read for the range, with the range's days, once there.
 */
export function DayRangeStats<T>({
  className,
  queryFor,
  what,
  children,
}: {
  className: string;
  /** The read of the range's figures. */
  queryFor: (range: DayRange) => UseQueryOptions<T>;
  /** What is read, for the spinner and the failure ('the ad statistics'). */
  what: string;
  children: (data: T, days: string[]) => ReactNode;
}) {
  const { range, asked, problem, setRange } = useDayRange();
  const figures = useQuery(queryFor(range));
  return (
    <div className={className}>
      <DayRangePicker asked={asked} problem={problem} onChange={setRange} />
      <QueryStates query={figures} what={what}>
        {(data) => children(data, daysIn(range))}
      </QueryStates>
    </div>
  );
}
