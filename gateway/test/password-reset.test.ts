import { eventually } from '@ballmatch/platform/testing';
import { newPlayer as registration } from './ads-support';
import { client, stackPerFile } from './stack';

// 'Forgot password?' through the gateway (docs/api.md 'Password reset'): thin relays to auth,
// which mails the link (to the stack's local SMTP server), limits the requests and signs out.
const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });
const newPlayer = () => ({ ...registration('gw_reset'), evmWallet: '' });
const SENT =
  'If an account has that email, a link to reset its password is on its way. It works once, within the hour.';

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
  const link = /\/reset-password\?token=\S+/.exec((await stack.mail.next(player.email)).text)![0];
  const token = new URL(link, stack.url).searchParams.get('token')!;

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
  expect(stack.mail.mails.filter((m) => m.to.includes('nobody-gw@example.com'))).toEqual([]);
});

it('refuses a missing field and a weak password with 400 on the field', async () => {
  const missing = await client(stack.url).post('/api/forgot-password', {});
  expect(missing.status).toBe(400);
  expect(missing.json).toMatchObject({ message: 'email is required' });
  const player = newPlayer();
  await client(stack.url).post('/api/register', player);
  await client(stack.url).post('/api/forgot-password', { email: player.email });
  const token = /token=(\S+)/.exec((await stack.mail.next(player.email)).text)![1]!;
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

it("answers 503 'Password reset is not available' when auth has no mail server", async () => {
  // The stack's auth again, on its port, without SMTP_HOST.
  await stack.stopAuth();
  delete stack.authEnv.SMTP_HOST;
  await stack.restartAuth();
  // The gateway's connection to auth comes back by itself.
  const email = 'no-mail-server@example.com';
  const res = await eventually(
    async () => {
      const answer = await client(stack.url).post('/api/forgot-password', { email });
      expect(answer.json).toEqual({ message: 'Password reset is not available' });
      return answer;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
  expect(res.status).toBe(503);
}, 30_000);
