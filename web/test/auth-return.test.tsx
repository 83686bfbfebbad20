import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useApi, respond } from './helpers/api-server';
import { submitForm } from './helpers/forms';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

// A guest sent to sign in on the way to a page lands on that page afterwards, not on the
// dashboard (issue 24: 'Buy Ads' as a guest lost the intent); only paths of this site count.

const signIn = { 'POST /api/login': respond(200, player) };
const register = { 'POST /api/register': respond(200, player) };

async function signInAs(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('tab', { name: 'User Login' });
  await submitForm(user, { Email: 'alice@example.com', Password: 'correct horse' }, 'Sign In');
}

describe('signing in on the way to a page', () => {
  it("brings a guest who chose 'Buy Ads' in the header to /buy-ads after signing in", async () => {
    useApi(signIn);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.click((await screen.findAllByRole('link', { name: 'Buy Ads' }))[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await signInAs(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-ads'));
  });

  it('brings a guest who opened a signed-in page to it after registering', async () => {
    useApi(register);
    const user = userEvent.setup();
    const { router } = renderApp('/buy-banner-ads?size=wide');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await user.click(await screen.findByRole('tab', { name: 'Register' }));
    await submitForm(
      user,
      { Username: 'alice', Email: 'alice@example.com', Password: 'long enough' },
      'Create Account',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-banner-ads'));
    expect(router.state.location.search).toBe('?size=wide');
  });

  it.each([
    '//evil.example.com/buy-ads',
    '/\\evil.example.com',
    '/\t/evil.example.com',
    'https://evil.example.com/',
    'javascript:alert(1)',
    'buy-ads',
  ])('ignores a next address off this site (%s): the dashboard as usual', async (next) => {
    useApi(signIn);
    const user = userEvent.setup();
    const { router } = renderApp(`/login?next=${encodeURIComponent(next)}`);

    await signInAs(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-dashboard'));
  });
});
