import { createGrpcClient, createKnex, migrateLatest, type AsyncClient } from '@ballmatch/platform';
import { createTestDatabase } from '@ballmatch/platform/testing';
import { authV1 } from '@ballmatch/proto';
import { migrations } from '../src/migrations';
import { startAuth, type AuthHarness } from './harness';

let n = 0;
const account = (username: string) => {
  n += 1;
  return {
    username,
    email: `names${n}@example.com`,
    password: 'correct horse battery',
    clientIp: '10.0.0.1',
    evmWallet: '',
  };
};

describe('names belong to their owners', () => {
  let auth: AuthHarness;
  let names: AsyncClient<authV1.NameServiceClient>;
  beforeAll(async () => {
    auth = await startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' });
    names = createGrpcClient(
      authV1.NameServiceClient,
      authV1.NameServiceService,
      `127.0.0.1:${auth.running.port}`,
      { serviceLabel: 'auth', defaultTimeoutMs: 5000 },
    );
  });
  afterAll(async () => {
    names.close();
    await auth.close();
  });

  it('refuses to register a username that looks like a taken one (409 on username)', async () => {
    await auth.client.register(account('Bob'));
    for (const lookAlike of ['B0b', 'BOB']) {
      await expect(auth.client.register(account(lookAlike))).rejects.toMatchObject({
        code: 'ALREADY_EXISTS',
        details: { field: 'username' },
      });
    }
    await expect(auth.client.register(account('B0b'))).rejects.toMatchObject({
      message: "Username looks too much like another player's; choose another",
    });
    await auth.client.register(account('Sam'));
    await expect(auth.client.register(account('Sarn'))).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
      message: "Username looks too much like another player's; choose another",
    });
    // Not a look-alike: registers.
    await expect(auth.client.register(account('Bobby'))).resolves.toBeDefined();
  });

  it('refuses a look-alike username on a profile change too', async () => {
    const { token } = await auth.client.register(account('Carol'));
    await auth.client.register(account('Dave'));
    await expect(auth.accountAs(token).updateProfile({ username: 'Dave' })).rejects.toMatchObject({
      code: 'ALREADY_EXISTS',
    });
    await expect(auth.accountAs(token).updateProfile({ username: 'Dav3' })).resolves.toBeDefined();
  });

  it.each([
    'admin',
    'Administrator',
    'moderator',
    'Mod',
    'system',
    'ballmatch',
    'Ball_Match',
    'adrnin',
  ])('refuses the protected username %j', async (username) => {
    await expect(auth.client.register(account(username))).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'That username is reserved',
      details: { field: 'username' },
    });
  });

  it("resolves a name, or any look-alike of it, to its owner's account", async () => {
    const { user } = await auth.client.register(account('Ann'));
    for (const name of ['Ann', 'ann', 'ANN', ' Ann ', 'Ａｎｎ', 'Аnn' /* Cyrillic А */]) {
      await expect(names.resolveName({ name })).resolves.toEqual({
        ownerUserId: user!.id,
        protected: false,
      });
    }
    await expect(names.resolveName({ name: 'Anna' })).resolves.toEqual({
      ownerUserId: '',
      protected: false,
    });
  });

  it("marks protected names, and resolves an admin's username to the admin", async () => {
    await expect(names.resolveName({ name: 'ＡＤＭＩＮ' })).resolves.toEqual({
      ownerUserId: '',
      protected: true,
    });
    await expect(names.resolveName({ name: 'Ball Match' })).resolves.toMatchObject({
      protected: true,
    });
    const chief = await names.resolveName({ name: 'Chief' });
    expect(chief.ownerUserId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a guest (no credential) and refuses an absurdly long name', async () => {
    await expect(names.resolveName({ name: '' })).resolves.toEqual({
      ownerUserId: '',
      protected: false,
    });
    await expect(names.resolveName({ name: 'x'.repeat(201) })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('migration 002: username skeletons for existing accounts', () => {
  it('gives each account its skeleton; of two look-alikes, the older keeps it', async () => {
    const database = await createTestDatabase('auth');
    const db = createKnex({ url: database.url, schema: 'auth' });
    try {
      await migrateLatest(db, 'auth', { '001_users': migrations['001_users']! });
      const insert = (username: string, createdAt: string) =>
        db('users').insert({ username, password_hash: 'x', created_at: createdAt });
      await insert('Bob', '2024-01-01T00:00:00Z');
      await insert('B0b', '2024-02-01T00:00:00Z');
      await insert('Zed', '2024-03-01T00:00:00Z');
      await migrateLatest(db, 'auth', migrations);
      const rows = await db('users').select('username', 'username_skeleton').orderBy('created_at');
      expect(rows).toEqual([
        { username: 'Bob', username_skeleton: 'bob' },
        { username: 'B0b', username_skeleton: null },
        { username: 'Zed', username_skeleton: 'zed' },
      ]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
