import { screen, within } from '@testing-library/react';

/** Where the app's toasts show. */
export const toastRegion = () => screen.getByRole('region', { name: 'Notifications (F8)' });

/** Waits for a toast titled `title` (and, if given, its `text`). */
export async function findToast(title: string, text?: string) {
  expect(await within(toastRegion()).findByText(title)).toBeTruthy();
  if (text !== undefined) expect(within(toastRegion()).getByText(text)).toBeTruthy();
}

/** Waits for a failure's toast (an alert) titled `title`, with `text` if given; returns it. */
export async function findErrorToast(title: string, text?: string) {
  const toast = await within(toastRegion()).findByRole('alert');
  expect(within(toast).getByText(title)).toBeTruthy();
  if (text !== undefined) expect(within(toast).getByText(text)).toBeTruthy();
  return toast;
}
