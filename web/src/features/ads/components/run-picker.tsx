import { OptionPicker } from '@/components/ui/option-picker';
import { formatRun } from '@/utils/format';
import type { Run } from '../api/types';
import { formatPrice } from '../lib/format';
import './run-picker.css';

/** How long the ad runs, each run with its price in the catalog's currency. */
export function RunPicker({
  runs,
  currency,
  value,
  onChange,
  error,
}: {
  runs: readonly Run[];
  currency: string;
  value: number | null;
  onChange: (days: number) => void;
  error?: string;
}) {
  const priceOf = new Map(runs.map((run) => [run.days, run.priceCents]));
  return (
    <OptionPicker
      className="run-picker"
      name="ad-run"
      legend="Run"
      options={runs.map((run) => run.days)}
      value={value}
      onChange={onChange}
      error={error}
      render={(days) => (
        <>
          <span className="run-picker__days">{formatRun(days)}</span>
          <span className="run-picker__price">{formatPrice(priceOf.get(days)!, currency)}</span>
        </>
      )}
    />
  );
}
