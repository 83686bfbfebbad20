import { cn } from '@/components/ui/cn';
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
  return (
    <fieldset
      className={cn('run-picker', error && 'run-picker--invalid')}
      aria-describedby={error ? 'ad-run-error' : undefined}
    >
      <legend className="field__label">Run</legend>
      <div className="run-picker__options">
        {runs.map((run) => (
          <label key={run.days} className="run-picker__option">
            <input
              type="radio"
              name="ad-run"
              value={run.days}
              checked={value === run.days}
              onChange={() => onChange(run.days)}
            />
            <span className="run-picker__days">{formatRun(run.days)}</span>
            <span className="run-picker__price">{formatPrice(run.priceCents, currency)}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id="ad-run-error" className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
