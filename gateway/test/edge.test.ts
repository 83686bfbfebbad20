import { eventually } from '@ballmatch/platform/testing';
import { client, stackPerFile } from './stack';

const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '6' });

describe('the edge', () => {
  it('unknown /api paths are JSON 404s; unknown page paths get the app with 404', async () => {
    const api = await client(stack.url).get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ message: 'Not found: GET /api/nope' });
    const page = await client(stack.url).get('/some/page/that/does/not/exist');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const known of ['/', '/leaderboards', '/updates', '/admin-dashboard']) {
      expect((await client(stack.url).get(known)).status).toBe(200);
    }
    // An update page exists only for a published update (content.test.ts has both answers).
    expect((await client(stack.url).get('/updates/42')).status).toBe(404);
    expect(
      (await client(stack.url).get('/assets/app-abc123.js')).headers.get('cache-control'),
    ).toContain('immutable');
    expect((await client(stack.url).get('/assets/missing.js')).status).toBe(404);
  });

  it('echoes a well-formed request id and replaces a malformed one', async () => {
    const ok = await client(stack.url).get('/healthz', { 'x-request-id': 'abc-123' });
    expect(ok.headers.get('x-request-id')).toBe('abc-123');
    const bad = await client(stack.url).get('/healthz', { 'x-request-id': 'evil<script>' });
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a downed auth service gives 503 with a message, and service resumes when it is back', async () => {
    expect((await client(stack.url).get('/readyz')).status).toBe(200);
    const c = client(stack.url);
    await c.post('/api/admin/login', { username: 'chief', password: 'admin-password-1' });
    expect((await c.get('/api/user')).status).toBe(200);

    await stack.stopAuth();
    const down = await c.get('/api/user');
    expect(down.status).toBe(503);
    // Refused at once by the downed service, not left to the call's deadline (that answer says
    // 'did not answer in time'): the message tells them apart at any machine speed, as a
    // stopwatch would not.
    expect(down.json).toEqual({
      message: 'The auth service is unavailable. Please try again shortly.',
    });
    const ready = await client(stack.url).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ checks: { auth: 'UNREACHABLE' } });

    await stack.restartAuth();
    // The gateway's connection to auth comes back by itself.
    await eventually(async () => expect((await c.get('/api/user')).status).toBe(200), {
      timeoutMs: 20_000,
      intervalMs: 100,
    });
  }, 30_000);

  it('rate limits hold across gateway replicas (counted in Redis), a minute at a time', async () => {
    const second = await stack.startExtraGateway();
    const urls = [stack.url, `http://127.0.0.1:${second.port}`];
    const signIn = (i: number) =>
      client(urls[i % 2]!).post(
        '/api/login',
        { email: 'x@example.com', password: 'whatever-1' },
        { 'x-forwarded-for': '10.7.7.7' },
      );
    // 15 s into a minute nothing else counted in: 6 sign-in attempts, then 429 until it ends.
    stack.clock.set(Date.UTC(2030, 0, 7, 9, 30, 15));
    try {
      const answers = [];
      for (let i = 0; i < 8; i += 1) answers.push(await signIn(i));
      // TRUST_PROXY=0: X-Forwarded-For is ignored, so every request counts for 127.0.0.1,
      // whichever replica it reached.
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
      expect(answers[6]!.headers.get('retry-after')).toBe('45');

      stack.clock.advance(44_000); // 09:30:59, the same minute
      const refused = await signIn(0);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(refused.json).toEqual({ message: 'Too many requests. Try again in 1 seconds.' });

      stack.clock.advance(1_000); // 09:31:00: a new minute, a new count, on both replicas
      expect((await signIn(1)).status).toBe(401);
      expect((await signIn(0)).status).toBe(401);
    } finally {
      stack.clock.real();
    }
  }, 10_000);
});
