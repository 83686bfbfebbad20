import { useState } from 'react';
import { ActionDialog } from '@/components/ui/action-dialog';
import { Field } from '@/components/ui/field';
import { toLocalInput } from '@/utils/datetime-local';
import { checkPublishDate } from '../lib/schedule';

/** Tomorrow at 09:00 local time: a sensible first offer. */
function tomorrowMorning(): Date {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  date.setHours(9, 0, 0, 0);
  return date;
}

/** Picks when the update goes public (local time); the server's refusal shows here too. */
export function ScheduleDialog({
  current,
  pending,
  error,
  onSchedule,
  onClose,
}: {
  /** The scheduled date being changed, if any. */
  current: string | null;
  pending: boolean;
  error: string | null;
  onSchedule: (publishDate: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(() =>
    toLocalInput(current ? new Date(current) : tomorrowMorning()),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <ActionDialog
      title="Schedule the update"
      submitLabel="Schedule"
      pendingLabel="Scheduling..."
      pending={pending}
      error={problem ?? error}
      onClose={onClose}
      onSubmit={() => {
        const checked = checkPublishDate(value);
        if ('problem' in checked) setProblem(checked.problem);
        else onSchedule(checked.publishDate);
      }}
    >
      <p>It stays hidden until then, and goes public by itself; open pages hear of it at once.</p>
      <Field
        label="Publish at"
        type="datetime-local"
        value={value}
        hint={`Your local time (${zone}).`}
        onChange={(event) => {
          setValue(event.target.value);
          setProblem(null);
        }}
      />
    </ActionDialog>
  );
}
