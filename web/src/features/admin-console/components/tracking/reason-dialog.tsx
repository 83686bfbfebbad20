import { useState } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { TextAreaField } from '@/components/ui/field';
import { errorField, errorMessage } from '@/lib/api-client';

/** A reason's rule, as the services check it. */
const REASON_MAX = 500;

/**
 * One moderation action that takes a reason (flag, unflag, void, ban, clear, reject): the reason
 * typed, our own check, then the server's refusal under the field or above the buttons.
 */
export function ReasonDialog({
  title,
  intro,
  submitLabel,
  pendingLabel,
  optional = false,
  danger = false,
  send,
  onClose,
}: {
  title: string;
  intro: string;
  submitLabel: string;
  pendingLabel: string;
  /** A reason may be left out (clearing a held score). */
  optional?: boolean;
  danger?: boolean;
  /** Sends the action; resolves when it landed. */
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<{ field: boolean; message: string } | null>(null);

  async function submit() {
    const trimmed = reason.trim();
    if (!optional && !trimmed) return setProblem({ field: true, message: 'Give a reason.' });
    if (trimmed.length > REASON_MAX) {
      return setProblem({ field: true, message: `At most ${REASON_MAX} characters.` });
    }
    setPending(true);
    setProblem(null);
    try {
      await send(trimmed);
      onClose();
    } catch (error) {
      const message = errorMessage(error, 'That did not work. Please try again.');
      setProblem({ field: errorField(error) === 'reason', message });
      setPending(false);
    }
  }

  return (
    <ActionDialog
      title={title}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={pending}
      danger={danger}
      error={problem && !problem.field ? problem.message : null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <p>{intro}</p>
      <TextAreaField
        label={optional ? 'Reason (optional)' : 'Reason'}
        hint={`Kept with the change for the audit; at most ${REASON_MAX} characters.`}
        value={reason}
        rows={3}
        maxLength={REASON_MAX + 100}
        error={problem?.field ? problem.message : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
    </ActionDialog>
  );
}
