import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildProfileUpdate } from '@/features/account/components/edit-profile-form';
import { useApi, respond, sentBody } from './helpers/api-server';
import { findErrorToast, findToast } from './helpers/toasts';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

const wallet = `0x${'1f'.repeat(20)}`;
const withWallet = { ...player, evmWallet: wallet };

describe('profile update payload', () => {
  const values = {
    username: 'alice',
    email: 'alice@example.com',
    evmWallet: '',
    currentPassword: '',
    newPassword: '',
  };

  it('is empty when nothing changed', () => {
    expect(buildProfileUpdate(player, values)).toEqual({});
  });

  it('holds only the changed fields, trimmed', () => {
    expect(
      buildProfileUpdate(player, { ...values, username: ' alice2 ', evmWallet: wallet }),
    ).toEqual({
      username: 'alice2',
      evmWallet: wallet,
    });
  });

  it('clears the wallet with null', () => {
    expect(buildProfileUpdate(withWallet, values)).toEqual({ evmWallet: null });
  });

  it('sends a new email with the current password', () => {
    expect(
      buildProfileUpdate(player, {
        ...values,
        email: 'alice.new@example.com',
        currentPassword: 'old-pass-1',
      }),
    ).toEqual({ email: 'alice.new@example.com', currentPassword: 'old-pass-1' });
  });

  it('sends a password change with the current password', () => {
    expect(
      buildProfileUpdate(player, {
        ...values,
        currentPassword: 'old-pass-1',
        newPassword: 'new-pass-1',
      }),
    ).toEqual({
      currentPassword: 'old-pass-1',
      newPassword: 'new-pass-1',
    });
  });
});

describe('/edit-profile', () => {
  it("saves changes, updates the user and toasts 'Profile updated'", async () => {
    const calls = useApi({
      '/api/user': respond(200, withWallet),
      'PATCH /api/user/profile': respond(200, {
        ...player,
        username: 'alice_b',
        evmWallet: null,
      }),
    });
    renderApp('/edit-profile');
    const user = userEvent.setup();
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(username.value).toBe('alice');

    await user.clear(username);
    await user.type(username, 'alice_b');
    await user.clear(screen.getByLabelText(/EVM wallet/));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await findToast('Profile updated', 'Your profile has been updated successfully.');
    const patch = calls.find((c) => c.method === 'PATCH');
    expect(sentBody(patch!)).toEqual({ username: 'alice_b', evmWallet: null });
    // The header reads the updated user from the cache.
    await waitFor(() => expect(screen.getAllByText('alice_b').length).toBeGreaterThan(0));
  });

  it("shows a server field error under the field and toasts 'Profile update failed'", async () => {
    useApi({
      '/api/user': respond(200, player),
      'PATCH /api/user/profile': respond(409, {
        message: 'Email already registered',
        field: 'email',
      }),
    });
    renderApp('/edit-profile');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'taken@example.com');
    await user.type(screen.getByLabelText('Current password'), 'old-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await findErrorToast('Profile update failed', 'Email already registered');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks for the current password before sending a new one', async () => {
    const calls = useApi({ '/api/user': respond(200, player) });
    renderApp('/edit-profile');
    const user = userEvent.setup();
    const newPassword = await screen.findByLabelText('New password');
    // The browser would block this form (current password becomes required); check our guard too.
    (screen.getByLabelText('Current password') as HTMLInputElement).required = false;
    await user.type(newPassword, 'brand-new-pass');
    (screen.getByLabelText('Current password') as HTMLInputElement).required = false;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter your current password to change your email or password.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('asks for the current password before sending a new email (the server needs it)', async () => {
    const calls = useApi({ '/api/user': respond(200, player) });
    renderApp('/edit-profile');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'alice.new@example.com');
    const current = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(current.required).toBe(true);
    current.required = false;
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter your current password to change your email or password.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});

describe('logout', () => {
  it("logs out, toasts 'Logged out' and shows Login again", async () => {
    const calls = useApi({
      '/api/user': respond(200, player),
      'POST /api/logout': respond(200, { message: 'Logged out' }),
    });
    const { router } = renderApp('/user-dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await findToast('Logged out', 'You have been logged out successfully.');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls.filter((c) => c.url === '/api/logout')).toHaveLength(1);
  });

  it("toasts 'Logout failed' and keeps the user when the server refuses", async () => {
    useApi({
      '/api/user': respond(200, player),
      'POST /api/logout': respond(403, { message: 'Origin not allowed' }),
    });
    renderApp('/user-dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    await findErrorToast('Logout failed');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });
});
