// Ending an ad early and moving the start of a scheduled one (docs/api.md 'Review and
// management').
import { useState } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/utils/format';
import { useAdAction, type EndRefund } from '../api/ad-actions';
import type { Ad } from '../api/types';
import { StartDialog } from './start-dialog';

const DAY_MS = 86_400_000;

/**
 * About what 'unused' refunds now: price × unserved time ÷ run (the server decides; it rounds
 * down). Unknown for a paused ad, whose end moves when it resumes.
 */
export function unusedRefundEstimate(ad: Ad, now = Date.now()): number | null {
  if (ad.state !== 'running' && ad.state !== 'scheduled') return null;
  const run = ad.runDays * DAY_MS;
  const unserved = Math.min(
    run,
    Math.max(0, Date.parse(ad.endsAt) - Math.max(now, Date.parse(ad.startsAt))),
  );
  return Number.isFinite(unserved) ? Math.floor((ad.priceCents * unserved) / run) : null;
}

export function EndAdDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  const end = useAdAction('end');
  const [refund, setRefund] = useState<EndRefund | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const estimate = unusedRefundEstimate(ad);

  function submit() {
    setProblem(refund ? null : 'Choose whether to refund the unused part.');
    if (refund) end.mutate({ id: ad.id, refund }, { onSuccess: onClose });
  }

  const choice = (value: EndRefund, label: string, detail: string) => (
    <label className="action-dialog__choice">
      <input
        type="radio"
        name="refund"
        value={value}
        checked={refund === value}
        onChange={() => setRefund(value)}
      />
      <span>
        {label}
        <small>{detail}</small>
      </span>
    </label>
  );

  return (
    <ActionDialog
      title="End ad early"
      submitLabel="End ad now"
      pendingLabel="Ending..."
      danger
      pending={end.isPending}
      error={problem ?? (end.error && errorMessage(end.error, 'The ad could not be ended.'))}
      onSubmit={submit}
      onClose={onClose}
    >
      <p>The ad stops showing at once and cannot be resumed.</p>
      <fieldset>
        <legend>Refund</legend>
        {choice(
          'unused',
          'Refund the unused part',
          estimate === null
            ? 'The price times the share of the run not yet served.'
            : `About ${formatMoney(estimate, ad.currency)} of ${formatMoney(ad.priceCents, ad.currency)}.`,
        )}
        {choice('none', 'No refund', 'Nothing goes back to the advertiser.')}
      </fieldset>
    </ActionDialog>
  );
}

export function ScheduleDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  return (
    <StartDialog ad={ad} action="schedule" onClose={onClose}>
      <p>The ad runs its full paid time from the new start.</p>
    </StartDialog>
  );
}
