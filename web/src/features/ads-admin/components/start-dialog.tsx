// The dialog that picks an ad's start and sends it with an action: approving an ad (the start is
// optional: now) and moving the start of a scheduled one (the start is required).
import { useState, type ReactNode } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { checkStart, toLocalInput } from '@/utils/datetime-local';
import { useAdAction } from '../api/ad-actions';
import type { Ad } from '../api/types';

/** Each action's words, whether it needs a start, and the start the field opens with. */
const START_ACTIONS = {
  approve: {
    required: false,
    title: 'Approve ad',
    submitLabel: 'Approve',
    pendingLabel: 'Approving...',
    failure: 'The ad could not be approved.',
    field: { label: 'Start (optional)', hint: 'Leave empty to start it now.' },
    initial: (_ad: Ad) => '',
  },
  schedule: {
    required: true,
    title: 'Change start',
    submitLabel: 'Save start',
    pendingLabel: 'Saving...',
    failure: 'The start could not be changed.',
    field: { label: 'Start', required: true },
    initial: (ad: Ad) => toLocalInput(ad.startsAt ? new Date(ad.startsAt) : new Date()),
  },
} as const;

export function StartDialog({
  ad,
  action,
  children,
  onClose,
}: {
  ad: Ad;
  action: keyof typeof START_ACTIONS;
  /** What the start means for the ad. */
  children: ReactNode;
  onClose: () => void;
}) {
  const { required, title, submitLabel, pendingLabel, failure, field, initial } =
    START_ACTIONS[action];
  const send = useAdAction(action);
  const [start, setStart] = useState(() => initial(ad));
  const [problem, setProblem] = useState<string | null>(null);

  function submit() {
    const checked = checkStart(start, { required });
    setProblem(checked.problem ?? null);
    if (checked.problem) return;
    send.mutate({ id: ad.id, startsAt: checked.startsAt }, { onSuccess: onClose });
  }

  return (
    <ActionDialog
      title={title}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={send.isPending}
      error={problem ?? (send.error && errorMessage(send.error, failure))}
      onSubmit={submit}
      onClose={onClose}
    >
      {children}
      <Field
        {...field}
        type="datetime-local"
        value={start}
        min={toLocalInput(new Date())}
        onChange={(event) => setStart(event.target.value)}
      />
    </ActionDialog>
  );
}
