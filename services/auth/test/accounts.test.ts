import { isTokenRevoked, verifySessionToken } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import { startAuth, type AuthHarness } from './harness';
import { refused } from './refused';
import { registrations } from './registrations';

const wallet = '0x' + 'aB'.repeat(20);
const fresh = registrations('player');

describe('auth over gRPC', () => {
  let auth: AuthHarness;
  beforeAll(async () => {
    auth = await startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' });
  });
  afterAll(() => auth.close());

  describe('Register', () => {
    it('creates a player and signs a token that verifies with the public key only', async () => {
      const input = { ...fresh(), evmWallet: wallet };
      const result = await auth.client.register(input);
      expect(result.user).toMatchObject({
        username: input.username,
        email: input.email,
        type: authV1.UserType.USER_TYPE_USER,
        evmWallet: wallet,
      });
      const claims = await verifySessionToken(auth.publicKey, result.token);
      expect(claims).toMatchObject({
        userId: result.user!.id,
        role: 'user',
        expiresAt: result.expiresAt,
      });
    });

    it('treats usernames as the same regardless of case, and emails too', async () => {
      const first = fresh();
      await auth.client.register(first);
      await expect(
        auth.client.register({ ...fresh(), username: first.username.toUpperCase() }),
      ).rejects.toMatchObject(refused('ALREADY_EXISTS', 'Username already taken', 'username'));
      await expect(
        auth.client.register({ ...fresh(), email: first.email.toUpperCase() }),
      ).rejects.toMatchObject(refused('ALREADY_EXISTS', 'Email already registered', 'email'));
    });

    it.each([
      [{ username: 'ab' }, 'username', 'Username must be 3-20 characters: letters, digits, _ or -'],
      [
        { username: 'bad name!' },
        'username',
        'Username must be 3-20 characters: letters, digits, _ or -',
      ],
      [{ username: 'Admin' }, 'username', 'That username is reserved'],
      [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
      [{ password: 'x'.repeat(129) }, 'password', 'Password must be at most 128 characters'],
      [{ password: 'Password123' }, 'password', 'That password is too common; choose another'],
      [
        { evmWallet: '0x123' },
        'evmWallet',
        'EVM wallet must be 0x followed by 40 hexadecimal digits',
      ],
      [{ email: '' }, 'email', 'Email is required'],
    ])('refuses %j with a clear message on its field', async (override, field, message) => {
      await expect(auth.client.register({ ...fresh(), ...override })).rejects.toMatchObject(
        refused('INVALID_ARGUMENT', message, field),
      );
    });

    it('accepts long passphrases (64+ characters)', async () => {
      await expect(
        auth.client.register({ ...fresh(), password: 'a long passphrase '.repeat(5) }),
      ).resolves.toBeDefined();
    });
  });

  describe('Login and throttling', () => {
    it('signs in by email and refuses a wrong password without saying which part was wrong', async () => {
      const input = fresh();
      await auth.client.register(input);
      const ok = await auth.client.login({
        email: input.email.toUpperCase(),
        password: input.password,
        clientAddress: '10.0.0.1',
      });
      expect(ok.user!.username).toBe(input.username);
      for (const attempt of [
        { email: input.email, password: 'wrong password' },
        { email: 'nobody@example.com', password: input.password },
      ]) {
        await expect(
          auth.client.login({ ...attempt, clientAddress: '10.0.0.1' }),
        ).rejects.toMatchObject({
          code: 'UNAUTHENTICATED',
          message: 'Invalid email or password',
        });
      }
    });

    it('slows an address after 10 wrong passwords for one account, even with the right one', async () => {
      const input = fresh();
      await auth.client.register(input);
      for (let i = 0; i < 10; i += 1) {
        await expect(
          auth.client.login({
            email: input.email,
            password: 'wrong password',
            clientAddress: '10.1.0.1',
          }),
        ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      const blocked = auth.client.login({
        email: input.email,
        password: input.password,
        clientAddress: '10.1.0.1',
      });
      await expect(blocked).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
      await expect(blocked).rejects.toMatchObject({
        message: expect.stringMatching(/^Too many attempts. Try again in \d+ seconds.$/),
      });
    });

    it('slows an IP after 50 wrong passwords across accounts', async () => {
      for (let i = 0; i < 50; i += 1) {
        await expect(
          auth.client.login({
            email: `ghost${i}@example.com`,
            password: 'wrong password',
            clientAddress: '10.9.9.9',
          }),
        ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
      }
      await expect(
        auth.client.login({
          email: 'ghost-new@example.com',
          password: 'wrong password',
          clientAddress: '10.9.9.9',
        }),
      ).rejects.toMatchObject({
        code: 'RESOURCE_EXHAUSTED',
        details: { retryAfterSeconds: expect.any(Number) },
      });
    }, 30_000);
  });

  describe('Admins', () => {
    it('come from ADMIN_USERNAME/ADMIN_PASSWORD and sign in by username on the admin call only', async () => {
      const result = await auth.client.adminLogin({
        username: 'CHIEF',
        password: 'admin-password-1',
        clientAddress: '10.2.0.1',
      });
      expect(result.user!.type).toBe(authV1.UserType.USER_TYPE_ADMIN);
      expect((await verifySessionToken(auth.publicKey, result.token)).role).toBe('admin');
    });

    it('refuses players on the admin sign-in', async () => {
      const input = fresh();
      await auth.client.register(input);
      await expect(
        auth.client.adminLogin({
          username: input.username,
          password: input.password,
          clientAddress: '10.2.0.2',
        }),
      ).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'Invalid username or password' });
    });
  });

  describe('Profile, user and logout', () => {
    it('reads and updates a profile; email and password changes need the current password', async () => {
      const input = fresh();
      const { user, token } = await auth.client.register(input);
      const id = user!.id;
      const account = auth.accountAs(token);
      expect((await account.getCurrentUser({})).user!.email).toBe(input.email);

      const renamed = await account.updateProfile({
        username: `${input.username}x`,
        evmWallet: wallet,
      });
      expect(renamed.user).toMatchObject({ username: `${input.username}x`, evmWallet: wallet });

      await expect(account.updateProfile({ email: 'new@example.com' })).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        details: { field: 'currentPassword' },
      });
      const moved = await account.updateProfile({
        email: `new${id.slice(0, 8)}@example.com`,
        newPassword: 'another long secret',
        currentPassword: input.password,
        evmWallet: '',
      });
      expect(moved.user).toMatchObject({
        email: `new${id.slice(0, 8)}@example.com`,
        evmWallet: '',
      });
      await expect(
        auth.client.login({
          email: moved.user!.email,
          password: 'another long secret',
          clientAddress: '10.3.0.1',
        }),
      ).resolves.toBeDefined();
    });

    it('answers NOT_FOUND when the account behind a valid token is gone', async () => {
      const { user, token } = await auth.client.register(fresh());
      await auth.db('users').where({ id: user!.id }).delete();
      await expect(auth.accountAs(token).getCurrentUser({})).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    });

    it('refuses account calls without a valid token', async () => {
      for (const token of ['', 'not-a-token']) {
        await expect(auth.accountAs(token).getCurrentUser({})).rejects.toMatchObject({
          code: 'UNAUTHENTICATED',
        });
      }
    });

    it("revokes the caller's token on logout until it would have expired", async () => {
      const { token } = await auth.client.register(fresh());
      const claims = await verifySessionToken(auth.publicKey, token);
      await auth.accountAs(token).logout({});
      expect(await isTokenRevoked(auth.redis, claims.tokenId)).toBe(true);
      await expect(auth.accountAs(token).getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    });
  });
});
