import { screen, waitFor } from '@testing-library/react';
import { hang, useApi, respond, type Routes } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { admin, player } from './helpers/users';

const signedIn = (user: typeof player): Routes => ({
  '/api/user': respond(200, user),
  '/api/admin/check-auth': respond(200, { authenticated: true, user }),
});

describe('route protection', () => {
  it('shows a spinner while the current user is loading', async () => {
    useApi({ '/api/user': hang });
    renderApp('/user-dashboard');
    expect(await screen.findByText('Checking your session')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).toBeNull();
  });

  it.each([
    '/user-dashboard',
    '/edit-profile',
    '/buy-ads',
    '/payment',
    '/admin-dashboard',
    '/admin-feedback',
  ])('sends a visitor without a user from %s through /auth to /login', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('tab', { name: 'User Login' })).toBeTruthy();
  });

  it.each(['/auth', '/admin/login'])('redirects %s to /login', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-in non-admin away from an admin page to /', async () => {
    useApi(signedIn(player));
    const { router } = renderApp('/admin-dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('button', { name: 'PLAY NOW!' })).toBeTruthy();
  });

  it('renders a signed-in page for a user', async () => {
    useApi(signedIn(player));
    renderApp('/user-dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByText('alice@example.com')).toBeTruthy();
  });

  it('renders admin pages for an admin', async () => {
    useApi(signedIn(admin));
    renderApp('/admin-dashboard');
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Admin session verified')).toBeTruthy();
  });

  it('lets everyone see public pages', async () => {
    renderApp('/leaderboards');
    expect(await screen.findByRole('heading', { name: 'Leaderboards', level: 1 })).toBeTruthy();
  });

  it("shows '404 Page Not Found' with a link home for an unknown path", async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
  });
});

describe('header', () => {
  it('shows Login for guests and a dash when the play count is unavailable', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    for (const name of ['Home', 'Play Game', 'Leaderboards', 'Updates']) {
      expect(screen.getAllByRole('link', { name }).length).toBeGreaterThan(0);
    }
    await waitFor(() => expect(screen.getByText('Plays: —')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('shows Dashboard, Buy Ads, the username and Logout for a user, Admin only for admins', async () => {
    useApi(signedIn(player));
    renderApp('/');
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(screen.getByText('alice')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe(
      '/user-dashboard',
    );
    expect(screen.getByRole('link', { name: 'Buy Ads' }).getAttribute('href')).toBe('/buy-ads');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('shows the Admin link to admins', async () => {
    useApi(signedIn(admin));
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Admin' });
    expect(link.getAttribute('href')).toBe('/admin-dashboard');
  });

  it('shows the play count when the server has one', async () => {
    useApi({
      '/api/stats/play-count': respond(200, { completedPlayCount: 12345 }),
    });
    renderApp('/');
    expect(await screen.findByText(`Plays: ${(12345).toLocaleString()}`)).toBeTruthy();
  });
});
