// <input type="datetime-local"> speaks local wall time without a zone; the API speaks ISO 8601.

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** An instant as the input's value (local time, to the minute). */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** The input's value as an ISO instant, or null when it is empty or not a time. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * The start an admin typed, checked before sending: an ISO instant, or the problem. Empty is
 * allowed only where the start is optional (approving: it then starts now).
 */
export function checkStart(
  value: string,
  { required, now = Date.now() }: { required: boolean; now?: number },
): { startsAt?: string; problem?: string } {
  if (!value) return required ? { problem: 'Choose the start date and time.' } : {};
  const startsAt = fromLocalInput(value);
  if (!startsAt) return { problem: 'The start is not a valid date and time.' };
  // A minute's grace: the form may have been open a while.
  if (Date.parse(startsAt) < now - 60_000) return { problem: 'The start must not be in the past.' };
  return { startsAt };
}
