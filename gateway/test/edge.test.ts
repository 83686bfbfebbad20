import { client, startStack, type Stack } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_AUTH_PER_MINUTE: '6' });
});
afterAll(() => stack.close());

describe('the edge', () => {
  it('unknown /api paths are JSON 404s; unknown page paths get the app', async () => {
    const api = await client(stack.url).get('/api/nope');
    expect(api.status).toBe(404);
    expect(api.json).toEqual({ message: 'Not found: GET /api/nope' });
    const page = await client(stack.url).get('/some/page/that/does/not/exist');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
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
    const started = Date.now();
    const down = await c.get('/api/user');
    expect(down.status).toBe(503);
    expect(down.json).toEqual({
      message: 'The auth service is unavailable. Please try again shortly.',
    });
    expect(Date.now() - started).toBeLessThan(3500);
    const ready = await client(stack.url).get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json).toMatchObject({ checks: { auth: 'UNREACHABLE' } });

    await stack.restartAuth();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i += 1) {
      status = (await c.get('/api/user')).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  }, 30_000);
  it('rate limits hold across gateway replicas (counted in Redis)', async () => {
    const second = await stack.startExtraGateway();
    const urls = [stack.url, `http://127.0.0.1:${second.port}`];
    // Stay inside one fixed one-minute window.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const results: { replica: number; status: number }[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await client(urls[i % 2]!).post(
        '/api/login',
        { email: 'x@example.com', password: 'whatever-1' },
        {
          'x-forwarded-for': '10.7.7.7',
        },
      );
      results.push({ replica: i % 2, status: res.status });
    }
    // TRUST_PROXY=0: X-Forwarded-For is ignored, so every request counts for 127.0.0.1, whichever replica.
    expect(results.filter((r) => r.status !== 429).length).toBeLessThanOrEqual(6);
    expect(results.slice(8).map((r) => r.status)).toEqual([429, 429]);
  }, 10_000);
});
