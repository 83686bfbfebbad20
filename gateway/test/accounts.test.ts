import { newPlayer as registration } from './ads-support';
import { client, stackPerFile } from './stack';

const newPlayer = () => ({ ...registration('gw_player'), evmWallet: '' });

// The gateway's per-IP limit is tested in edge.test.ts; here the auth service's own throttle.
const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });

describe('accounts through the gateway', () => {
  it('GET /api/user without a session is 401 JSON', async () => {
    const res = await client(stack.url).get('/api/user');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Not authenticated' });
  });

  it('register → HttpOnly SameSite=Lax cookie → /api/user → logout → the same cookie gets 401', async () => {
    const c = client(stack.url);
    const input = newPlayer();
    const registered = await c.post('/api/register', input);
    expect(registered.status).toBe(200);
    expect(registered.json).toMatchObject({
      username: input.username,
      email: input.email,
      type: 'user',
      role: 'user',
      evmWallet: null,
    });
    expect(registered.setCookie).toMatch(
      /^bm_session=[^;]+; Max-Age=\d+; Path=\/; Expires=.+; HttpOnly; SameSite=Lax$/,
    );

    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ username: input.username });

    const cookie = c.cookie;
    const out = await c.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ message: 'Logged out' });
    c.cookie = cookie; // a copy kept by an attacker
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('logs in by email, updates the profile, and refuses a bad wallet with a clear 400', async () => {
    const c = client(stack.url);
    const input = newPlayer();
    await client(stack.url).post('/api/register', input);
    const login = await c.post('/api/login', { email: input.email, password: input.password });
    expect(login.status).toBe(200);
    const wallet = '0x' + '1'.repeat(40);
    const updated = await c.patch('/api/user/profile', { evmWallet: wallet });
    expect(updated.json).toMatchObject({ evmWallet: wallet });
    const cleared = await c.patch('/api/user/profile', { evmWallet: null });
    expect(cleared.json).toMatchObject({ evmWallet: null });
    const bad = await c.post('/api/register', { ...newPlayer(), evmWallet: '0xnope' });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({
      message: 'EVM wallet must be 0x followed by 40 hexadecimal digits',
      field: 'evmWallet',
    });
  });

  it('answers 409 on a taken username, whatever its case', async () => {
    const input = newPlayer();
    await client(stack.url).post('/api/register', input);
    const again = await client(stack.url).post('/api/register', {
      ...newPlayer(),
      username: input.username.toUpperCase(),
    });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: 'Username already taken', field: 'username' });
  });

  it('keeps admin calls for admins: 401 without a session, 403 for a player, 200 for an admin', async () => {
    expect((await client(stack.url).get('/api/admin/check-auth')).status).toBe(401);
    const player = client(stack.url);
    await player.post('/api/register', newPlayer());
    const denied = await player.get('/api/admin/check-auth');
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({ message: 'Admin access required' });
    expect((await player.get('/api/admin/anything-else')).status).toBe(403);

    const admin = client(stack.url);
    const login = await admin.post('/api/admin/login', {
      username: 'chief',
      password: 'admin-password-1',
    });
    expect(login.json).toMatchObject({ username: 'chief', type: 'admin', role: 'admin' });
    const check = await admin.get('/api/admin/check-auth');
    expect(check.status).toBe(200);
    expect(check.json).toMatchObject({ authenticated: true, user: { username: 'chief' } });
  });

  it('admin login says which field is missing, in plain words', async () => {
    const res = await client(stack.url).post('/api/admin/login', { username: '', password: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Username is required', field: 'username' });
  });

  it('never accepts a forged or tampered cookie', async () => {
    const c = client(stack.url);
    await c.post('/api/register', newPlayer());
    const [name, token] = c.cookie.split('=');
    const [h, p, s] = token!.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url');
    c.cookie = `${name}=${h}.${forged}.${s}`;
    expect((await c.get('/api/admin/check-auth')).status).toBe(401);
  });
});

describe('bad input', () => {
  it('malformed JSON → 400 with a clear message', async () => {
    const res = await client(stack.url).post('/api/login', '{"email": ');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Malformed JSON body' });
  });

  it('a missing field → 400 naming it', async () => {
    const res = await client(stack.url).post('/api/login', { password: 'x' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'email is required', field: 'email' });
  });

  it('a field of the wrong type → 400 naming it', async () => {
    const res = await client(stack.url).post('/api/login', { email: 42, password: 'x' });
    expect(res.json).toEqual({ message: 'email must be text', field: 'email' });
  });

  it('a body that is not an object → 400', async () => {
    const res = await client(stack.url).post('/api/login', '[1,2]');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Request body must be a JSON object' });
  });

  it('a 2 MB body → 413 with a clear message', async () => {
    const res = await client(stack.url).post('/api/register', {
      username: 'x'.repeat(2 * 1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: 'Request body too large (limit 102400 bytes)' });
  });

  it('20 wrong passwords in a row → 429 with Retry-After', async () => {
    const input = newPlayer();
    await client(stack.url).post('/api/register', input);
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 20; i += 1) {
      last = await client(stack.url).post(
        '/api/login',
        { email: input.email, password: `wrong ${i}` },
        {
          'x-forwarded-for': `10.0.0.${i}`,
        },
      );
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(last!.json.message).toMatch(/^Too many attempts. Try again in \d+ seconds.$/);
  });

  it('a cross-site mutating request is refused; the same site passes', async () => {
    const evil = await client(stack.url, 'https://evil.example').post('/api/logout');
    expect(evil.status).toBe(403);
    expect(evil.json).toEqual({ message: 'Cross-site request refused' });
    const same = await client(stack.url, stack.url).post('/api/logout');
    expect(same.status).toBe(200);
  });
});
