import { catchMail, eventually, type MailCatcher } from '@ballmatch/platform/testing';
import { newPlayer as registration } from './ads-support';
import { client, stackPerFile } from './stack';

// 'Forgot password?' through the gateway (docs/api.md 'Password reset'): thin relays to auth,
// which mails the link (here to a local SMTP server), limits the requests and signs out.
const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
const newPlayer = () => ({ ...registration('gw_reset'), evmWallet: '' });
const SENT =
  'If an account has that email, a link to reset its password is on its way. It works once, within the hour.';

it("answers 503 'Password reset is not available' while auth has no mail server", async () => {
  const res = await client(stack.url).post('/api/forgot-password', { email: 'a@example.com' });
  expect(res.status).toBe(503);
  expect(res.json).toEqual({ message: 'Password reset is not available' });
});

describe('with a mail server', () => {
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await catchMail();
    // The stack's auth again, on its port, now given the mail server.
    await stack.stopAuth();
    Object.assign(stack.authEnv, mail.env, { PUBLIC_ORIGIN: 'http://play.test' });
    await stack.restartAuth();
    // The gateway's connection to auth comes back by itself: a sign-in is answered again.
    const signIn = { email: 'nobody-gw@example.com', password: 'not this one' };
    await eventually(
      async () => expect((await client(stack.url).post('/api/login', signIn)).status).toBe(401),
      { timeoutMs: 20_000, intervalMs: 100 },
    );
  }, 30_000);
  afterAll(() => mail.close());

  it('answers the same for any address; the link sets a new password and ends every session', async () => {
    const player = newPlayer();
    const c = client(stack.url);
    expect((await c.post('/api/register', player)).status).toBe(200);

    const known = await client(stack.url).post('/api/forgot-password', { email: player.email });
    const unknown = await client(stack.url).post('/api/forgot-password', {
      email: 'nobody-gw@example.com',
    });
    for (const res of [known, unknown]) {
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ message: SENT });
    }
    const link = /http:\/\/play\.test\/reset-password\?token=\S+/.exec(
      (await mail.next(player.email)).text,
    )![0];
    const token = new URL(link).searchParams.get('token')!;

    const reset = await client(stack.url).post('/api/reset-password', {
      token,
      newPassword: 'back in the game',
    });
    expect(reset.status).toBe(200);
    expect(reset.json).toEqual({ message: 'Password reset. Sign in with your new password.' });
    expect((await c.get('/api/user')).status).toBe(401);

    const again = await client(stack.url).post('/api/reset-password', {
      token,
      newPassword: 'someone else',
    });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({
      message: 'This password reset link is invalid or has expired. Ask for a new one.',
      field: 'token',
    });
    const login = await c.post('/api/login', { email: player.email, password: 'back in the game' });
    expect(login.status).toBe(200);
    expect(mail.mails.filter((m) => m.to.includes('nobody-gw@example.com'))).toEqual([]);
  });

  it('refuses a missing field and a weak password with 400 on the field', async () => {
    const missing = await client(stack.url).post('/api/forgot-password', {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ message: 'email is required' });
    const player = newPlayer();
    await client(stack.url).post('/api/register', player);
    await client(stack.url).post('/api/forgot-password', { email: player.email });
    const token = /token=(\S+)/.exec((await mail.next(player.email)).text)![1]!;
    const weak = await client(stack.url).post('/api/reset-password', {
      token,
      newPassword: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.json).toEqual({
      message: 'Password must be at least 8 characters',
      field: 'newPassword',
    });
  });

  it('answers 429 with Retry-After past the limit of one email address', async () => {
    const email = 'often-forgets@example.com';
    for (let i = 0; i < 3; i += 1) {
      expect((await client(stack.url).post('/api/forgot-password', { email })).status).toBe(200);
    }
    const refused = await client(stack.url).post('/api/forgot-password', { email });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({
      message: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
