// Cross-site request forgery and the security headers, against the real stack.
//
// Every mutating route (read from the gateway's router) refuses a foreign Origin, `Origin: null`
// and a cross-site `Sec-Fetch-Site` with 403 before anything is done, even with an admin's
// cookie; the only exception is Stripe's webhook, which no browser sends and which its signature
// verifies (docs/api.md 'Buying'). Every kind of answer (page, API JSON, asset, image, errors)
// carries the headers that keep the site from being framed, sniffed or scripted from elsewhere.
import { randomUUID } from 'node:crypto';
import { orderAd, signedInAdmin, signedInPlayer, type Client } from '../ads-support';
import { client, stackPerFile } from '../stack';
import { gatewayRoutes, type Route } from './routes';

let admin: Client;
let writes: Route[];

const stack = stackPerFile({
  RATE_LIMIT_API_PER_MINUTE: '1000000',
  RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
});
beforeAll(async () => {
  admin = await signedInAdmin(stack.url);
  writes = gatewayRoutes(stack.gatewayEnv).filter((r) => r.method !== 'GET');
}, 60_000);

/** The routes signed by their caller instead (docs/api.md): a foreign origin is no matter. */
const SIGNED_BY_CALLER = ['POST /api/payments/stripe/webhook'];

const REFUSED = { message: 'Cross-site request refused' };

async function sendAs(
  route: Route,
  cookie: string,
  headers: Record<string, string>,
  body: unknown = {},
) {
  const res = await fetch(stack.url + route.path.replace(/:\w+/g, randomUUID()), {
    method: route.method,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('cross-site requests', () => {
  it.each([
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    ['a look-alike Origin', () => ({ origin: `${stack.url}.evil.example` })],
    ['Origin: null (a sandboxed frame, a data: page)', () => ({ origin: 'null' })],
    ['no Origin and Sec-Fetch-Site: cross-site', () => ({ 'sec-fetch-site': 'cross-site' })],
  ])('%s: every mutating route answers 403, even with an admin cookie', async (_label, given) => {
    const headers: Record<string, string> = given();
    expect(writes.length).toBeGreaterThan(50);
    const passed: string[] = [];
    for (const route of writes) {
      const res = await sendAs(route, admin.cookie, headers);
      if (res.status !== 403 || res.text !== JSON.stringify(REFUSED)) {
        passed.push(`${route.method} ${route.path} -> ${res.status}`);
      }
    }
    // Exactly the documented exceptions, and those answer their own refusal (no signature).
    expect(passed).toEqual(SIGNED_BY_CALLER.map((route) => `${route} -> 400`));
  });

  it('nothing is done: no account deleted, no sign-out, no profile change, no update, no message', async () => {
    const player = await signedInPlayer(stack.url, 'csrf_victim');
    const foreign = { origin: 'https://evil.example' };
    const refused = [
      await player.delete(
        '/api/user',
        { confirmUsername: 'csrf_victim', currentPassword: 'a fine long password' },
        foreign,
      ),
      await player.post('/api/logout', undefined, foreign),
      await player.patch('/api/user/profile', { username: 'csrf_renamed' }, foreign),
      await admin.post('/api/admin/updates', { title: 'CSRF news', content: '<p>x</p>' }, foreign),
      await client(stack.url).post(
        '/api/feedback',
        { name: 'CSRF', email: 'csrf@example.com', message: 'Cross-site' },
        { 'sec-fetch-site': 'cross-site' },
      ),
    ];
    expect(refused.map((r) => [r.status, r.json])).toEqual(Array(5).fill([403, REFUSED]));

    const me = await player.get('/api/user');
    expect([me.status, me.json.username]).toEqual([200, 'csrf_victim']);
    const updates = await admin.get('/api/admin/updates?limit=50');
    expect(JSON.stringify(updates.json)).not.toContain('CSRF news');
    const inbox = await admin.get('/api/admin/feedback?limit=50');
    expect(JSON.stringify(inbox.json)).not.toContain('Cross-site');
  });

  it('this site, its configured public origin and same-origin fetches pass', async () => {
    const feedback = (headers: Record<string, string>) =>
      client(stack.url).post(
        '/api/feedback',
        { name: 'Same site', email: 'same@example.com', message: 'Hello' },
        headers,
      );
    expect((await feedback({ origin: stack.url })).status).toBe(201);
    expect((await feedback({ origin: 'http://localhost:8080' })).status).toBe(201);
    expect((await feedback({ 'sec-fetch-site': 'same-origin' })).status).toBe(201);
  });
});

/** The surfaces a browser meets: each kind of answer, errors included. */
function surfaces(): [string, () => Promise<Response>][] {
  const get =
    (path: string, headers: Record<string, string> = {}) =>
    () =>
      fetch(stack.url + path, { headers });
  return [
    ['a page', get('/')],
    ['a page of the app', get('/leaderboards')],
    ['an unknown page (404)', get('/no/such/page')],
    ['a static asset', get('/assets/app-abc123.js')],
    ['a missing asset (404)', get('/assets/missing.js')],
    ['API JSON', get('/api/scores/top')],
    ['an unknown API path (404)', get('/api/no-such-route')],
    ['a malformed path (400)', get('/api/%E0%A4%A')],
    ['signed out (401)', get('/api/user')],
    ['a missing image (404)', get('/api/media/none.webp')],
    [
      'malformed JSON (400)',
      () =>
        fetch(`${stack.url}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"email": ',
        }),
    ],
    ['health', get('/healthz')],
  ];
}

describe('security headers on every kind of answer', () => {
  it.each(surfaces())('%s', async (_label, send) => {
    const res = await send();
    const body = await res.text();
    expect(res.status).toBeLessThan(500);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directives = new Map(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values] as const;
      }),
    );
    const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain('*');
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    // No product or version told.
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('server')).toBeNull();
    expect(body).not.toMatch(/Express|node_modules|\n\s+at \S+ \(|SyntaxError/);
  });

  it('an ad image keeps its own stricter policy: nothing runs, nothing is sniffed, no framing by other sites', async () => {
    const player = await signedInPlayer(stack.url, 'header_buyer');
    const ad = await orderAd(stack.url, player);
    const res = await fetch(stack.url + ad.imageUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('HSTS and a Secure cookie when the request came over https (a trusted proxy said so)', async () => {
    const behindProxy = await stack.startExtraGateway({ TRUST_PROXY: '1' });
    const base = `http://127.0.0.1:${behindProxy.port}`;
    const https = { 'x-forwarded-proto': 'https' };
    const page = await fetch(`${base}/`, { headers: https });
    const hsts = page.headers.get('strict-transport-security') ?? '';
    expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(180 * 86_400);
    expect(hsts).toContain('includeSubDomains');
    const signIn = await client(base, `https://127.0.0.1:${behindProxy.port}`).post(
      '/api/admin/login',
      { username: 'chief', password: 'admin-password-1' },
      https,
    );
    expect(signIn.status).toBe(200);
    expect(signIn.setCookie).toMatch(/; Secure/);
    expect(signIn.setCookie).toMatch(/; HttpOnly/);
    expect(signIn.setCookie).toMatch(/; SameSite=Lax/);
    // Over plain http the cookie is not Secure (it would never come back).
    const plain = await client(stack.url).post('/api/admin/login', {
      username: 'chief',
      password: 'admin-password-1',
    });
    expect(plain.setCookie).not.toMatch(/; Secure/);
  });
});
