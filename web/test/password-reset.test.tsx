import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, heldAnswer, respond, useApi, type Routes } from './helpers/api-server';
import { sentWhilePending, submitForm } from './helpers/forms';
import { renderApp } from './helpers/render-app';

// 'Forgot password?' (docs/product.md 'Accounts and sign-in'): from /login to a mailed link,
// and the link's page that sets the new password.
const SENT =
  'If an account has that email, a link to reset its password is on its way. It works once, within the hour.';
const INVALID = 'This password reset link is invalid or has expired. Ask for a new one.';

async function open(path: string, table: Routes = {}) {
  const calls = useApi(table);
  const view = renderApp(path);
  return { ...view, calls, user: userEvent.setup() };
}

describe("/login: 'Forgot password?'", () => {
  it('links from the user login form to /forgot-password', async () => {
    const { user, router } = await open('/login');
    const form = await screen.findByRole('form', { name: 'User login' });
    await user.click(within(form).getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
  });
});

describe('/forgot-password', () => {
  it("reads 'Sending...' while pending, sends the address once, then says what to expect", async () => {
    const sent = heldAnswer();
    const { calls, user } = await open('/forgot-password', {
      'POST /api/forgot-password': sent.answer,
    });
    const email = (await screen.findByLabelText('Email')) as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.required).toBe(true);
    await submitForm(user, { Email: ' ann@example.com ' }, 'Send Reset Link');
    expect(await sentWhilePending(calls, 'Sending...', '/api/forgot-password')).toEqual({
      email: 'ann@example.com',
    });

    sent.release(respond(200, { message: SENT }));
    expect((await screen.findByRole('status')).textContent).toBe(SENT);
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe(
      '/login',
    );
    // Asking again brings the form back.
    await user.click(screen.getByRole('button', { name: 'ask again' }));
    expect(await screen.findByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
  });

  it('shows a refusal without a field in a red box, and sends it once (no retry)', async () => {
    const { calls, user } = await open('/forgot-password', {
      'POST /api/forgot-password': respond(503, { message: 'Password reset is not available' }),
    });
    await screen.findByLabelText('Email');
    await submitForm(user, { Email: 'ann@example.com' }, 'Send Reset Link');
    const form = screen.getByRole('form', { name: 'Forgot password' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Password reset is not available',
    );
    expect(callsTo(calls, 'POST', '/api/forgot-password')).toHaveLength(1);
  });

  it('shows a field error under the email', async () => {
    const { user } = await open('/forgot-password', {
      'POST /api/forgot-password': respond(400, {
        message: 'Enter a valid email address',
        field: 'email',
      }),
    });
    await screen.findByLabelText('Email');
    await submitForm(user, { Email: 'ann@example.com' }, 'Send Reset Link');
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
  });
});

describe('/reset-password', () => {
  it("sends the link's token with the new password, then offers Sign In", async () => {
    const reset = heldAnswer();
    const { calls, user, router } = await open('/reset-password?token=tok_123', {
      'POST /api/reset-password': reset.answer,
    });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    const password = screen.getByLabelText('New password') as HTMLInputElement;
    expect([password.type, password.required, password.autocomplete]).toEqual([
      'password',
      true,
      'new-password',
    ]);
    await submitForm(user, { 'New password': 'a fresh start' }, 'Set New Password');
    expect(await sentWhilePending(calls, 'Saving...', '/api/reset-password')).toEqual({
      token: 'tok_123',
      newPassword: 'a fresh start',
    });

    reset.release(respond(200, { message: 'Password reset. Sign in with your new password.' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Password reset. Sign in with your new password.',
    );
    await user.click(screen.getByRole('link', { name: 'Sign In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('says a used or expired link no longer works, and offers a new one', async () => {
    const { user, router } = await open('/reset-password?token=used', {
      'POST /api/reset-password': respond(400, { message: INVALID, field: 'token' }),
    });
    await screen.findByLabelText('New password');
    await submitForm(user, { 'New password': 'a fresh start' }, 'Set New Password');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    await user.click(screen.getByRole('link', { name: 'Ask for a New Link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
  });

  it('says so at once for a link without a token, and sends nothing', async () => {
    const { calls } = await open('/reset-password');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(callsTo(calls, 'POST', '/api/reset-password')).toHaveLength(0);
  });

  it('shows a password rule from the server under the field', async () => {
    const { user } = await open('/reset-password?token=tok', {
      'POST /api/reset-password': respond(400, {
        message: 'That password is too common; choose another',
        field: 'newPassword',
      }),
    });
    await screen.findByLabelText('New password');
    await submitForm(user, { 'New password': 'password1' }, 'Set New Password');
    const field = screen.getByLabelText('New password');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That password is too common; choose another')).toBeTruthy();
  });
});
