// 'Forgot password?' end to end (docs/product.md 'Accounts and sign-in'): a player who forgot the
// password asks for a link on /login, the mail reaches a local SMTP server (the smtp-server
// package, in this test process), the link's page sets a new password, the session another
// device held is over, and the player signs in with the new password. The run's shared stack
// has no mail server, so this runs on a stack of its own given this test's SMTP server.
import { catchMail, type MailCatcher } from '@ballmatch/platform/testing';
import { registerThroughApi } from '../support/accounts';
import { useChromium } from '../support/browser';
import { useRestartableStack } from '../support/restartable-stack';

const smtpEnv: Record<string, string> = {};
let mail: MailCatcher;
// Before the stack's own beforeAll (registered next), so its auth is given the server.
beforeAll(async () => {
  mail = await catchMail();
  Object.assign(smtpEnv, mail.env);
});
afterAll(() => mail?.close());

const stack = useRestartableStack('stack-password-reset.log', { env: smtpEnv });
const { journey } = useChromium({ baseUrl: () => stack.url });

journey(
  "password reset: from 'Forgot password?' to signing in with the new password",
  async ({ page, context, baseUrl }) => {
    // The player's account, signed in on another device (the cookie kept aside).
    const account = await registerThroughApi(context);
    const otherDevice = await context.cookies();
    await context.clearCookies();

    await page.goto('/login');
    await page
      .getByRole('form', { name: 'User login' })
      .getByRole('link', { name: 'Forgot password?' })
      .click();
    await page.waitForURL(`${baseUrl}/forgot-password`);
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    const ask = page.getByRole('form', { name: 'Forgot password' });
    await ask.getByLabel('Email').fill(account.email);
    await ask.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByRole('status')
      .getByText('a link to reset its password is on its way')
      .waitFor();

    const sent = await mail.next(account.email, 20_000);
    expect(sent.subject).toBe('Reset your BallMatch password');
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(sent.text)![0]);
    // The link as mailed, opened on this stack (auth's PUBLIC_ORIGIN is its default here).
    await page.goto(link.pathname + link.search);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = 'a brand new secret';
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.getByLabel('New password').fill(newPassword);
    await reset.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Password reset. Sign in with your new password.').waitFor();

    // The other device's session is over; the link works once.
    await context.addCookies(otherDevice);
    expect((await context.request.get('/api/user')).status()).toBe(401);
    await context.clearCookies();
    const again = await context.request.post('/api/reset-password', {
      data: { token: link.searchParams.get('token'), newPassword: 'someone else now' },
    });
    expect(again.status()).toBe(400);

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    const signIn = page.getByRole('form', { name: 'User login' });
    await signIn.getByLabel('Email').fill(account.email);
    await signIn.getByLabel('Password').fill(newPassword);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/user-dashboard`);
  },
);
