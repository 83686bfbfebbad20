import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, respond, useApi, type ApiCall } from './helpers/api-server';
import { submitForm } from './helpers/forms';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

/**
 * The session read (GET /api/user) a page load makes (issue 24: a guest's 401 logged on every
 * page load). The answer for nobody signed in stays 401; a browser that has heard it, or has
 * signed out, does not ask again until it signs in.
 */

/** A page load of `path` as a guest sees it: the header offers Login. */
async function loadAsGuest(path: string) {
  const view = renderApp(path);
  expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
  // Give a session read that would still be on its way the time to be sent.
  await new Promise((resolve) => setTimeout(resolve, 50));
  view.unmount();
}

const sessionReads = (calls: ApiCall[]) => callsTo(calls, 'GET', '/api/user').length;

describe('the session read on page load', () => {
  it('a guest is asked once; later page loads do not ask again', async () => {
    const calls = useApi();
    await loadAsGuest('/');
    expect(sessionReads(calls)).toBe(1);
    await loadAsGuest('/');
    await loadAsGuest('/about');
    expect(sessionReads(calls)).toBe(1);
  });

  it('signing in makes the next page load ask again and show the player', async () => {
    useApi({ 'POST /api/login': respond(200, player) });
    await loadAsGuest('/');
    const view = renderApp('/login');
    await screen.findByRole('tab', { name: 'User Login' });
    await submitForm(
      userEvent.setup(),
      { Email: 'alice@example.com', Password: 'correct horse' },
      'Sign In',
    );
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/user-dashboard'));
    view.unmount();

    const later = useApi({ 'GET /api/user': respond(200, player) });
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(sessionReads(later)).toBe(1);
  });

  it('after signing out, a page load does not ask', async () => {
    const calls = useApi({
      'GET /api/user': respond(200, player),
      'POST /api/logout': respond(200, { message: 'Logged out' }),
    });
    const view = renderApp('/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    view.unmount();

    const before = sessionReads(calls);
    await loadAsGuest('/');
    expect(sessionReads(calls)).toBe(before);
  });
});
