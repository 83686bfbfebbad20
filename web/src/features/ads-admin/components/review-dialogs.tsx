// Approving and rejecting an ad awaiting review (docs/api.md 'Review and management').
import { useId, useState } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/utils/format';
import { useAdAction } from '../api/ad-actions';
import type { Ad } from '../api/types';
import { StartDialog } from './start-dialog';

/** The reason's length limits, as the API takes it. */
export const REASON_MAX_LENGTH = 500;

export function ApproveDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  return (
    <StartDialog ad={ad} action="approve" onClose={onClose}>
      <p>The {adNoun(ad)} runs for its paid time from its start.</p>
    </StartDialog>
  );
}

export function RejectDialog({ ad, onClose }: { ad: Ad; onClose: () => void }) {
  const reject = useAdAction('reject');
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
    const text = reason.trim();
    const tooLong = text.length > REASON_MAX_LENGTH;
    const missing = text.length === 0;
    setProblem(
      missing
        ? 'Give a reason: the advertiser is shown it.'
        : tooLong
          ? `The reason may be at most ${REASON_MAX_LENGTH} characters.`
          : null,
    );
    if (missing || tooLong) return;
    reject.mutate({ id: ad.id, reason: text }, { onSuccess: onClose });
  }

  return (
    <ActionDialog
      title="Reject ad"
      submitLabel="Reject and refund"
      pendingLabel="Rejecting..."
      danger
      pending={reject.isPending}
      error={
        problem ?? (reject.error && errorMessage(reject.error, 'The ad could not be rejected.'))
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <p>
        The advertiser is refunded in full ({formatMoney(ad.priceCents, ad.currency)}) automatically
        when you reject: there is nothing else to do.
      </p>
      <label className="field__label" htmlFor={reasonId}>
        Reason (shown to the advertiser)
      </label>
      <textarea
        id={reasonId}
        className="field__input"
        value={reason}
        maxLength={REASON_MAX_LENGTH}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <span className="action-dialog__count">
        {reason.length}/{REASON_MAX_LENGTH}
      </span>
    </ActionDialog>
  );
}

function adNoun(ad: Ad): string {
  return ad.kind === 'ball' ? `${ad.color} ball ad` : 'banner ad';
}
