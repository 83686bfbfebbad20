import { catchMail, TestClock, type MailCatcher } from '@ballmatch/platform/testing';
import { startAuth, type AuthHarness } from './harness';
import { refused } from './refused';
import { registrations } from './registrations';

// 'Forgot password?' end to end inside auth: the link is mailed over SMTP to a real local SMTP
// server (the smtp-server package), and its hour is the service's clock's.
const clock = new TestClock();
const fresh = registrations('forgetful');
const ORIGIN = 'https://play.ballmatch.test';
const INVALID_LINK = 'This password reset link is invalid or has expired. Ask for a new one.';

let auth: AuthHarness;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await catchMail();
  auth = await startAuth(
    { ...mail.env, PUBLIC_ORIGIN: `${ORIGIN},http://localhost:8080` },
    {
      now: clock.now,
    },
  );
});
afterAll(async () => {
  await auth.close();
  await mail.close();
});
afterEach(() => clock.real());

let addresses = 0;
/** A client address of its own for each request series, so the limits of one don't meet another's. */
const nextAddress = () => `198.51.100.${++addresses}`;

/** Asks for a link to `email` and reads the token out of the mail. */
async function linkFor(email: string, clientAddress = nextAddress()) {
  await expect(auth.client.requestPasswordReset({ email, clientAddress })).resolves.toEqual({});
  const got = await mail.next(email.toLowerCase());
  const link = /https:\/\/\S+/.exec(got.text)![0];
  return { mail: got, link, token: new URL(link).searchParams.get('token')! };
}

describe('password reset', () => {
  it('mails a link to the site that sets a new password, and the old one stops working', async () => {
    const player = fresh();
    await auth.client.register(player);
    const { mail: got, link, token } = await linkFor(player.email.toUpperCase());
    expect(got.to).toEqual([player.email]);
    expect(got.subject).toBe('Reset your BallMatch password');
    expect(got.text).toContain(`Hi ${player.username},`);
    expect(got.text).toContain('within the hour');
    expect(link).toBe(`${ORIGIN}/reset-password?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only its hash is stored.
    const stored = await auth.db('password_resets').select('token_hash');
    expect(JSON.stringify(stored)).not.toContain(token);

    await auth.client.resetPassword({ token, newPassword: 'a fresh start at last' });
    await expect(auth.client.login({ ...player, clientAddress: '10.1.0.1' })).rejects.toMatchObject(
      { code: 'UNAUTHENTICATED' },
    );
    const signedIn = await auth.client.login({
      email: player.email,
      password: 'a fresh start at last',
      clientAddress: '10.1.0.1',
    });
    expect(signedIn.user!.username).toBe(player.username);
  });

  it('answers the same for an address no account has, and mails nothing', async () => {
    const nobody = 'nobody-here@example.com';
    await expect(
      auth.client.requestPasswordReset({ email: nobody, clientAddress: nextAddress() }),
    ).resolves.toEqual({});
    // A registered player asked after it gets theirs; nothing went to the unknown address.
    const player = fresh();
    await auth.client.register(player);
    await linkFor(player.email);
    expect(mail.mails.filter((m) => m.to.includes(nobody))).toEqual([]);
  });

  it('refuses a malformed address on its field, as registration does', async () => {
    await expect(
      auth.client.requestPasswordReset({ email: 'not-an-email', clientAddress: nextAddress() }),
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', 'Enter a valid email address', 'email'));
    await expect(
      auth.client.requestPasswordReset({ email: ' ', clientAddress: nextAddress() }),
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', 'Email is required', 'email'));
  });

  it('sets a password once: the link, and every other link of the account, then stop working', async () => {
    const player = fresh();
    await auth.client.register(player);
    const first = await linkFor(player.email);
    const second = await linkFor(player.email);
    await auth.client.resetPassword({ token: first.token, newPassword: 'first new password' });
    for (const token of [first.token, second.token]) {
      await expect(
        auth.client.resetPassword({ token, newPassword: 'someone else again' }),
      ).rejects.toMatchObject(refused('INVALID_ARGUMENT', INVALID_LINK, 'token'));
    }
    await expect(
      auth.client.resetPassword({ token: 'made-up', newPassword: 'someone else again' }),
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', INVALID_LINK, 'token'));
    await expect(
      auth.client.login({ ...player, password: 'first new password', clientAddress: '10.1.0.2' }),
    ).resolves.toBeDefined();
  });

  it("keeps the password rules, and a refused password doesn't use the link", async () => {
    const player = fresh();
    await auth.client.register(player);
    const { token } = await linkFor(player.email);
    await expect(auth.client.resetPassword({ token, newPassword: 'short' })).rejects.toMatchObject(
      refused('INVALID_ARGUMENT', 'Password must be at least 8 characters', 'newPassword'),
    );
    await expect(
      auth.client.resetPassword({ token, newPassword: 'long enough now' }),
    ).resolves.toEqual({});
  });

  it('works within the hour of the service clock, and not after it', async () => {
    const inTime = fresh();
    const late = fresh();
    for (const player of [inTime, late]) await auth.client.register(player);
    clock.set('2026-03-01T12:00:00Z');
    const first = await linkFor(inTime.email);
    const second = await linkFor(late.email);
    clock.advance(60 * 60 * 1000 - 1);
    await expect(
      auth.client.resetPassword({ token: first.token, newPassword: 'just in time' }),
    ).resolves.toEqual({});
    clock.advance(1);
    await expect(
      auth.client.resetPassword({ token: second.token, newPassword: 'too late for this' }),
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', INVALID_LINK, 'token'));
  });

  it('signs out every session of the account', async () => {
    const player = fresh();
    const { token: phone } = await auth.client.register(player);
    const { token: laptop } = await auth.client.login({ ...player, clientAddress: '10.1.0.3' });
    const { token } = await linkFor(player.email);
    await auth.client.resetPassword({ token, newPassword: 'nobody else now' });
    for (const session of [phone, laptop]) {
      await expect(auth.accountAs(session).getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    const again = await auth.client.login({
      email: player.email,
      password: 'nobody else now',
      clientAddress: '10.1.0.3',
    });
    await expect(auth.accountAs(again.token).getCurrentUser({})).resolves.toBeDefined();
  });

  it('limits requests per email address, whether or not an account has it, then per client address', async () => {
    const player = fresh();
    await auth.client.register(player);
    const tooMany = {
      code: 'RESOURCE_EXHAUSTED',
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    };
    for (const email of [player.email, 'unknown-limited@example.com']) {
      for (let i = 0; i < 3; i += 1) {
        await auth.client.requestPasswordReset({ email, clientAddress: nextAddress() });
      }
      await expect(
        auth.client.requestPasswordReset({ email, clientAddress: nextAddress() }),
      ).rejects.toMatchObject(tooMany);
    }
    // The three allowed were mailed.
    for (let i = 0; i < 3; i += 1) await mail.next(player.email);

    const address = '192.0.2.77';
    for (let i = 0; i < 10; i += 1) {
      await auth.client.requestPasswordReset({
        email: `spread${i}@example.com`,
        clientAddress: address,
      });
    }
    await expect(
      auth.client.requestPasswordReset({
        email: 'spread-more@example.com',
        clientAddress: address,
      }),
    ).rejects.toMatchObject(tooMany);
  });
});

describe('password reset without a mail server', () => {
  it("answers 'Password reset is not available' to a good request", async () => {
    const bare = await startAuth();
    try {
      await expect(
        bare.client.requestPasswordReset({ email: 'any@example.com', clientAddress: '10.9.9.9' }),
      ).rejects.toMatchObject({ code: 'UNAVAILABLE', message: 'Password reset is not available' });
      // Bad input is still refused as such.
      await expect(
        bare.client.requestPasswordReset({ email: 'not-an-email', clientAddress: '10.9.9.9' }),
      ).rejects.toMatchObject(refused('INVALID_ARGUMENT', 'Enter a valid email address', 'email'));
    } finally {
      await bare.close();
    }
  });
});
