// Account integrity (issue 10): text the store cannot hold is refused with INVALID_ARGUMENT;
// a password change ends every other session; wrong passwords slow the one guessing, never
// the owner signing in from somewhere else.
import { verifySessionToken } from '@ballmatch/platform';
import {
  ACCOUNT_ATTACK_THRESHOLD,
  PAIR_FAILURE_LIMIT,
  UNDER_ATTACK_PAIR_LIMIT,
  throttleAddress,
} from '../src/domain/throttle';
import { perFile } from '@ballmatch/platform/testing';
import { start } from '../src';
import { startAuth } from './harness';
import { registrations } from './registrations';

const fresh = registrations('integrity');

const auth = perFile(() =>
  startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' }),
);

describe('text PostgreSQL cannot store (NUL) is refused before any query', () => {
  const nul = (field: string, label: string) => ({
    code: 'INVALID_ARGUMENT',
    message: `${label} must not contain control characters`,
    details: { field },
  });

  it('on register, email and username, and nothing is stored', async () => {
    const input = fresh();
    await expect(
      auth.client.register({ ...input, email: `a\u0000${input.email}` }),
    ).rejects.toMatchObject(nul('email', 'Email'));
    await expect(
      auth.client.register({ ...input, username: `${input.username}\u0000` }),
    ).rejects.toMatchObject(nul('username', 'Username'));
    // Neither attempt took the name or the address.
    await expect(auth.client.register(input)).resolves.toBeDefined();
  });

  it('on login and admin login', async () => {
    const signIn = { password: 'whatever it is', clientAddress: '192.0.2.1' };
    await expect(
      auth.client.login({ ...signIn, email: 'a\u0000b@example.com' }),
    ).rejects.toMatchObject(nul('email', 'Email'));
    await expect(
      auth.client.adminLogin({ ...signIn, username: 'ch\u0000ief' }),
    ).rejects.toMatchObject(nul('username', 'Username'));
  });

  it('on a profile change, which changes nothing', async () => {
    const input = fresh();
    const { token } = await auth.client.register(input);
    const account = auth.accountAs(token);
    await expect(account.updateProfile({ username: 'new\u0000name' })).rejects.toMatchObject(
      nul('username', 'Username'),
    );
    await expect(
      account.updateProfile({ email: 'x\u0000@example.com', currentPassword: input.password }),
    ).rejects.toMatchObject(nul('email', 'Email'));
    expect((await account.getCurrentUser({})).user).toMatchObject({
      username: input.username,
      email: input.email,
    });
  });
});

describe('a password change signs out every other session', () => {
  it('the other devices and the old token get UNAUTHENTICATED; the changer goes on with a fresh token', async () => {
    const input = fresh();
    const phone = (await auth.client.register(input)).token;
    const laptop = (await auth.client.login({ ...input, clientAddress: '10.0.0.2' })).token;
    expect((await auth.accountAs(phone).getCurrentUser({})).user!.username).toBe(input.username);

    const changed = await auth.accountAs(laptop).updateProfile({
      currentPassword: input.password,
      newPassword: 'a brand new secret',
    });
    expect(changed.token).not.toBe('');
    expect(changed.expiresAt).toBeGreaterThan(Date.now() / 1000);

    for (const old of [phone, laptop]) {
      await expect(auth.accountAs(old).getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    expect((await auth.accountAs(changed.token).getCurrentUser({})).user!.username).toBe(
      input.username,
    );
    // Signing in again works with the new password only, and that session stays.
    await expect(auth.client.login({ ...input, clientAddress: '10.0.0.3' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const again = await auth.client.login({
      ...input,
      password: 'a brand new secret',
      clientAddress: '10.0.0.3',
    });
    await expect(auth.accountAs(again.token).getCurrentUser({})).resolves.toBeDefined();
  });

  it('other profile changes keep every session and answer no token', async () => {
    const input = fresh();
    const first = (await auth.client.register(input)).token;
    const second = (await auth.client.login({ ...input, clientAddress: '10.0.0.2' })).token;
    const renamed = await auth.accountAs(second).updateProfile({
      username: `${input.username}x`,
      email: `x${input.email}`,
      currentPassword: input.password,
    });
    expect(renamed.token).toBe('');
    await expect(auth.accountAs(first).getCurrentUser({})).resolves.toBeDefined();
  });

  it('tokens carry their issue time in milliseconds', async () => {
    const before = Date.now();
    const { token } = await auth.client.register(fresh());
    const claims = await verifySessionToken(auth.publicKey, token);
    expect(claims.issuedAt).toBeGreaterThanOrEqual(before - 5);
    expect(claims.issuedAt).toBeLessThanOrEqual(Date.now());
  });

  it('an admin password set from outside (ADMIN_PASSWORD at start) ends the admin sessions', async () => {
    const { token } = await auth.client.adminLogin({
      username: 'chief',
      password: 'admin-password-1',
      clientAddress: '10.0.0.9',
    });
    await expect(auth.accountAs(token).getCurrentUser({})).resolves.toBeDefined();
    // A second auth process on the same data starts with another admin password.
    const other = await start({ ...auth.env, ADMIN_PASSWORD: 'admin-password-2' });
    try {
      await expect(auth.accountAs(token).getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    } finally {
      await other.stop();
    }
    await expect(
      auth.client.adminLogin({
        username: 'chief',
        password: 'admin-password-2',
        clientAddress: '192.0.2.1',
      }),
    ).resolves.toBeDefined();
  });
});

describe('wrong passwords slow the guesser, never lock the owner out', () => {
  const wrong = (email: string, clientAddress: string) =>
    expect(auth.client.login({ email, password: 'not the password', clientAddress }));

  it('an attacker at one address cannot stop the owner signing in from another', async () => {
    const input = fresh();
    await auth.client.register(input);
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i += 1) {
      await wrong(input.email, '198.51.100.7').rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    // The attacker's address now waits, right password or not...
    await wrong(input.email, '198.51.100.7').rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      details: { retryAfterSeconds: expect.any(Number) },
    });
    await expect(
      auth.client.login({ ...input, clientAddress: '198.51.100.7' }),
    ).rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
    });
    // ...and the owner, elsewhere, signs in.
    const owner = await auth.client.login({ ...input, clientAddress: '203.0.113.9' });
    expect(owner.user!.username).toBe(input.username);
  });

  it('an attack from many addresses slows each of them; the owner from a fresh one gets in', async () => {
    const input = fresh();
    await auth.client.register(input);
    const addresses = Math.ceil(ACCOUNT_ATTACK_THRESHOLD / UNDER_ATTACK_PAIR_LIMIT);
    for (let a = 0; a < addresses; a += 1) {
      for (let i = 0; i < UNDER_ATTACK_PAIR_LIMIT; i += 1) {
        await wrong(input.email, `10.77.${a >> 8}.${a & 255}`).rejects.toMatchObject({
          code: 'UNAUTHENTICATED',
        });
      }
    }
    // Past the account's threshold, an address that failed 3 times waits (right password too).
    await expect(auth.client.login({ ...input, clientAddress: '10.77.0.0' })).rejects.toMatchObject(
      {
        code: 'RESOURCE_EXHAUSTED',
      },
    );
    // A fresh address gets its few tries, and the owner's right password opens the account.
    await wrong(input.email, '10.78.0.1').rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const owner = await auth.client.login({ ...input, clientAddress: '10.78.0.1' });
    expect(owner.user!.username).toBe(input.username);
    await expect(
      auth.client.login({ ...input, clientAddress: '10.78.0.2' }),
    ).resolves.toBeDefined();
  }, 60_000);

  it('counts an IPv6 /64 as one address', async () => {
    const input = fresh();
    await auth.client.register(input);
    for (let i = 1; i <= PAIR_FAILURE_LIMIT; i += 1) {
      await wrong(input.email, `2001:db8:5:6::${i.toString(16)}`).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    await wrong(input.email, '2001:db8:5:6:ffff:1:2:3').rejects.toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
    });
    await expect(
      auth.client.login({ ...input, clientAddress: '2001:db8:5:7::1' }),
    ).resolves.toBeDefined();
  });

  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::7', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['1::2:3:4:5:6:7', '1:0:2:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', 'unknown'],
  ])('throttles %s as %s', (ip, address) => {
    expect(throttleAddress(ip)).toBe(address);
  });
});
