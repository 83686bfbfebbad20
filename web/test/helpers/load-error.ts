import { screen, within } from '@testing-library/react';

/**
 * The page's alert that something could not be loaded: its title and text (any "There was a
 * problem loading..." unless given). Returns its 'Try again' button, if it has one.
 */
export async function findLoadError(
  title: string,
  text: string | RegExp = /^There was a problem loading/,
  timeout?: number,
) {
  const alert = await screen.findByRole('alert', {}, timeout === undefined ? {} : { timeout });
  expect(within(alert).getByText(title)).toBeTruthy();
  expect(within(alert).getByText(text)).toBeTruthy();
  return within(alert).queryByRole('button', { name: 'Try again' });
}
