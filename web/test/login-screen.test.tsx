import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hang, heldAnswer, useApi, respond, type Routes } from './helpers/api-server';
import { sentWhilePending, submitForm } from './helpers/forms';
import { findErrorToast, findToast } from './helpers/toasts';
import { renderApp } from './helpers/render-app';
import { admin, player } from './helpers/users';

async function openLogin(table: Routes = {}) {
  const calls = useApi(table);
  const view = renderApp('/login');
  await screen.findByRole('tab', { name: 'User Login' });
  return { ...view, calls, user: userEvent.setup() };
}

describe('/login screen: layout and session', () => {
  it('shows a centred spinner while the session loads', async () => {
    useApi({ '/api/user': hang });
    renderApp('/login');
    expect(await screen.findByText('Checking your session')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('has three tabs with User Login selected, a Return to Game link and the terms line', async () => {
    await openLogin();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['User Login', 'Admin Login', 'Register']);
    expect(tabs[0].getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: /Return to Game/ }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
    for (const benefit of [
      'Track high scores across devices',
      'Compete in seasonal leaderboards',
      'Purchase ad space to showcase images',
      'Get exclusive access to new features',
    ]) {
      expect(screen.getByText(benefit)).toBeTruthy();
    }
  });

  it('shows the logged-out screen when the session cannot be read at all', async () => {
    useApi({ '/api/user': respond(404, 'gone') });
    renderApp('/login');
    expect(await screen.findByRole('tab', { name: 'User Login' })).toBeTruthy();
  });

  it('sends a signed-in user to /user-dashboard at once', async () => {
    useApi({ '/api/user': respond(200, player) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-dashboard'));
  });

  it('sends a signed-in admin to /admin-dashboard at once', async () => {
    useApi({ '/api/user': respond(200, admin) });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
  });
});

describe('/login screen: user login', () => {
  it('uses an email input and browser-checked required fields', async () => {
    await openLogin();
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    expect(password.required).toBe(true);
  });

  it("reads 'Signing in...' and is disabled while pending, then welcomes the user", async () => {
    const login = heldAnswer();
    const { calls, user, router } = await openLogin({ 'POST /api/login': login.answer });

    await submitForm(user, { Email: 'alice@example.com', Password: 'correct horse' }, 'Sign In');

    expect(await sentWhilePending(calls, 'Signing in...', '/api/login')).toEqual({
      email: 'alice@example.com',
      password: 'correct horse',
    });

    login.release(respond(200, player));
    await findToast('Login successful', 'Welcome, alice!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-dashboard'));
  });

  it("shows a destructive 'Login failed' toast with the server's message", async () => {
    const { user } = await openLogin({
      'POST /api/login': respond(401, { message: 'Invalid email or password' }),
    });
    await submitForm(user, { Email: 'alice@example.com', Password: 'wrong password' }, 'Sign In');

    const toast = await findErrorToast('Login failed', 'Invalid email or password');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect((screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows a field error from the server under that field', async () => {
    const { user } = await openLogin({
      'POST /api/login': respond(400, { message: 'Enter a valid email address', field: 'email' }),
    });
    await submitForm(user, { Email: 'alice@example.com', Password: 'whatever1' }, 'Sign In');

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = email.getAttribute('aria-describedby')!;
    expect(document.getElementById(described.split(' ')[0])?.textContent).toBe(
      'Enter a valid email address',
    );
  });
});

describe('/login screen: admin login', () => {
  it("says 'Username is required' and 'Password is required' and sends nothing", async () => {
    const { calls, user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Admin Login' }));
    await user.click(screen.getByRole('button', { name: 'Sign In as Admin' }));

    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/admin/login')).toHaveLength(0);

    await submitForm(user, { Username: 'root_admin' }, 'Sign In as Admin');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it("shows the server's message in a red box above the button", async () => {
    const { user } = await openLogin({
      'POST /api/admin/login': respond(401, { message: 'Invalid username or password' }),
    });
    await user.click(screen.getByRole('tab', { name: 'Admin Login' }));
    await submitForm(user, { Username: 'root_admin', Password: 'nope' }, 'Sign In as Admin');

    const form = screen.getByRole('form', { name: 'Admin login' });
    const box = await within(form).findByRole('alert');
    expect(box.textContent).toBe('Invalid username or password');
    expect(box.className).toContain('alert--error');
    // The box sits right before the button.
    expect(box.nextElementSibling).toBe(
      within(form).getByRole('button', { name: 'Sign In as Admin' }),
    );
  });

  it("falls back to 'Login failed. Please check your credentials.' without a server message", async () => {
    const { user } = await openLogin({ 'POST /api/admin/login': respond(403, 'Forbidden') });
    await user.click(screen.getByRole('tab', { name: 'Admin Login' }));
    await submitForm(user, { Username: 'root_admin', Password: 'nope' }, 'Sign In as Admin');

    const form = screen.getByRole('form', { name: 'Admin login' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Login failed. Please check your credentials.',
    );
  });

  it("reads 'Signing in...' while pending and lands on /admin-dashboard", async () => {
    const login = heldAnswer();
    const { calls, user, router } = await openLogin({
      'POST /api/admin/login': login.answer,
      '/api/admin/check-auth': respond(200, { authenticated: true, user: admin }),
    });
    await user.click(screen.getByRole('tab', { name: 'Admin Login' }));
    await submitForm(
      user,
      { Username: 'root_admin', Password: 'S3cure-admin-pass' },
      'Sign In as Admin',
    );

    expect(await sentWhilePending(calls, 'Signing in...', '/api/admin/login')).toEqual({
      username: 'root_admin',
      password: 'S3cure-admin-pass',
    });

    login.release(respond(200, admin));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin-dashboard'));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });
});

describe('/login screen: register', () => {
  it('shows the fields with their rules; the wallet is optional with placeholder 0x...', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    const username = screen.getByLabelText('Username') as HTMLInputElement;
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    const wallet = screen.getByLabelText(/EVM wallet/) as HTMLInputElement;

    expect(email.type).toBe('email');
    expect([username.required, email.required, password.required, wallet.required]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(wallet.placeholder).toBe('0x...');
    expect(password.minLength).toBe(8);
    expect(password.maxLength).toBe(128);
    expect(screen.getByText("3–20 characters: letters, digits, '_' and '-'.")).toBeTruthy();
    expect(screen.getByText('At least 8 characters (up to 128).')).toBeTruthy();
    expect(screen.getByText("Optional. '0x' followed by 40 hex digits.")).toBeTruthy();
  });

  it("reads 'Creating Account...' while pending, sends no empty wallet, and signs in", async () => {
    const registering = heldAnswer();
    const { calls, user, router } = await openLogin({ 'POST /api/register': registering.answer });
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await submitForm(
      user,
      { Username: 'alice', Email: 'alice@example.com', Password: 'long enough' },
      'Create Account',
    );

    expect(await sentWhilePending(calls, 'Creating Account...', '/api/register')).toEqual({
      username: 'alice',
      email: 'alice@example.com',
      password: 'long enough',
    });

    registering.release(respond(200, player));
    await findToast('Registration successful');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-dashboard'));
  });

  it('puts a conflict under the field it concerns and toasts the failure', async () => {
    const { user } = await openLogin({
      'POST /api/register': respond(409, { message: 'Username already taken', field: 'username' }),
    });
    await user.click(screen.getByRole('tab', { name: 'Register' }));
    await user.type(screen.getByLabelText('Username'), 'alice');
    await user.type(screen.getByLabelText('Email'), 'alice@example.com');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.type(screen.getByLabelText(/EVM wallet/), `0x${'ab'.repeat(20)}`);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(username.getAttribute('aria-invalid')).toBe('true'));
    const form = screen.getByRole('form', { name: 'Register' });
    expect(within(form).getByText('Username already taken')).toBeTruthy();
    await findErrorToast('Registration failed');

    // Editing the field clears its error.
    await user.type(username, '2');
    expect(username.getAttribute('aria-invalid')).toBeNull();
  });
});
