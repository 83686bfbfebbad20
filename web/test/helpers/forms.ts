import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { callsTo, sentBody, type ApiCall } from './api-server';

/**
 * A form sent while its answer is held (heldAnswer): its button reads `pending` and is
 * disabled. Answers the body of the one POST to `path`.
 */
export async function sentWhilePending(calls: ApiCall[], pending: string, path: string) {
  const button = (await screen.findByRole('button', { name: pending })) as HTMLButtonElement;
  expect(button.disabled).toBe(true);
  await waitFor(() => expect(callsTo(calls, 'POST', path)).toHaveLength(1));
  return sentBody(callsTo(calls, 'POST', path)[0]!);
}

/** Types each field's value (fields by their label) and presses the button named `submit`. */
export async function submitForm(user: UserEvent, fields: Record<string, string>, submit: string) {
  for (const [label, value] of Object.entries(fields)) {
    await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: submit }));
}
