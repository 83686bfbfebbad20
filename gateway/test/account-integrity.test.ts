// Account integrity through the gateway (issue 10): a password change ends every other
// session, at the gateway and straight over gRPC; wrong passwords from one address cannot keep
// the owner out from another.
import { bearer, createGrpcClient } from '@ballmatch/platform';
import { authV1, scoresV1 } from '@ballmatch/proto';
import { newPlayer as registration } from './ads-support';
import { client, stackPerFile } from './stack';

const newPlayer = () => registration('integrity');
const tokenOf = (cookie: string) => cookie.replace(/^bm_session=/, '');

/** A call straight to a service, past the gateway, as the holder of `token`. */
function straight(token: string) {
  const options = { serviceLabel: 'test', defaultTimeoutMs: 5000, authorization: bearer(token) };
  const account = createGrpcClient(
    authV1.AccountServiceClient,
    authV1.AccountServiceService,
    stack.gatewayEnv.AUTH_ADDR!,
    options,
  );
  const scoresAdmin = createGrpcClient(
    scoresV1.ScoresAdminServiceClient,
    scoresV1.ScoresAdminServiceService,
    stack.gatewayEnv.SCORES_ADDR!,
    options,
  );
  return {
    account,
    scoresAdmin,
    close() {
      account.close();
      scoresAdmin.close();
    },
  };
}

const stack = stackPerFile({ RATE_LIMIT_AUTH_PER_MINUTE: '1000' });

describe('a password change signs out every other session', () => {
  it('the other session gets 401 at the gateway and UNAUTHENTICATED over gRPC; this one goes on', async () => {
    const input = newPlayer();
    const laptop = client(stack.url);
    const phone = client(stack.url);
    expect((await laptop.post('/api/register', input)).status).toBe(200);
    expect((await phone.post('/api/login', input)).status).toBe(200);
    const laptopBefore = laptop.cookie;
    const phoneBefore = phone.cookie;

    const changed = await laptop.patch('/api/user/profile', {
      currentPassword: input.password,
      newPassword: 'a different long password',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ username: input.username });
    // The session that made the change carries on with a fresh cookie.
    expect(changed.setCookie).toMatch(/^bm_session=[^;]+; Max-Age=\d+; Path=\/; .*HttpOnly/);
    expect(laptop.cookie).not.toBe(laptopBefore);
    expect((await laptop.get('/api/user')).status).toBe(200);

    // The other device is signed out (and its cookie cleared); so is the old cookie.
    const signedOut = await phone.get('/api/user');
    expect(signedOut.status).toBe(401);
    expect(signedOut.json).toEqual({ message: 'Not authenticated' });
    const replay = client(stack.url);
    replay.cookie = laptopBefore;
    expect((await replay.get('/api/user')).status).toBe(401);

    // Every service refuses the old tokens itself; the fresh one is a player's (not an admin).
    for (const old of [phoneBefore, laptopBefore]) {
      const calls = straight(tokenOf(old));
      await expect(calls.account.getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      await expect(calls.scoresAdmin.listResets({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
      calls.close();
    }
    const fresh = straight(tokenOf(laptop.cookie));
    await expect(fresh.account.getCurrentUser({})).resolves.toMatchObject({
      user: { username: input.username },
    });
    await expect(fresh.scoresAdmin.listResets({})).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    fresh.close();

    // Signing in again takes the new password.
    expect((await phone.post('/api/login', input)).status).toBe(401);
    expect(
      (await phone.post('/api/login', { ...input, password: 'a different long password' })).status,
    ).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);
  });

  it('a profile change without a new password sets no cookie and keeps the other sessions', async () => {
    const input = newPlayer();
    const first = client(stack.url);
    const second = client(stack.url);
    await first.post('/api/register', input);
    await second.post('/api/login', input);
    const renamed = await first.patch('/api/user/profile', { username: `${input.username}x` });
    expect(renamed.status).toBe(200);
    expect(renamed.setCookie).toBeNull();
    expect((await second.get('/api/user')).json).toMatchObject({ username: `${input.username}x` });
  });
});

describe('wrong-password throttling slows the guesser, not the owner', () => {
  it('an attacker at one address cannot stop the owner signing in from another', async () => {
    // A gateway behind one trusted proxy hop, so each request says where it comes from.
    const proxied = await stack.startExtraGateway({ TRUST_PROXY: '1' });
    const url = `http://127.0.0.1:${proxied.port}`;
    const input = newPlayer();
    await client(url).post('/api/register', input, { 'x-forwarded-for': '192.0.2.1' });
    const attacker = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await client(url).post(
        '/api/login',
        { email: input.email, password: `guess ${i}` },
        attacker,
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    // The attacker's address waits even with the right password...
    const blocked = await client(url).post('/api/login', input, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    // ...while the owner, elsewhere, signs in.
    const owner = client(url);
    const signedIn = await owner.post('/api/login', input, { 'x-forwarded-for': '203.0.113.9' });
    expect(signedIn.status).toBe(200);
    expect((await owner.get('/api/user')).json).toMatchObject({ username: input.username });
  });
});
