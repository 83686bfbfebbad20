import { migrateLatest, type AsyncClient } from '@ballmatch/platform';
import { eventually, migrationsUpTo, onTestDatabase } from '@ballmatch/platform/testing';
import type { authV1 } from '@ballmatch/proto';
import { migrations } from '../src/migrations';
import { startAuth, type AuthHarness } from './harness';
import { refused } from './refused';
import { registrations } from './registrations';

const account = registrations('names');

describe('names belong to their owners', () => {
  let auth: AuthHarness;
  let names: AsyncClient<authV1.NameServiceClient>;
  beforeAll(async () => {
    auth = await startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' });
    names = auth.names;
  });
  afterAll(async () => {
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

  it("refuses a username that reads as a taken one in another case ('lily', then 'Iily')", async () => {
    await auth.client.register(account('lily'));
    // Capital I and small l are one stroke: each of these reads as lily.
    for (const lookAlike of ['Iily', 'IiIy', 'LlLY', 'L1LY', '1ily']) {
      await expect(auth.client.register(account(lookAlike))).rejects.toMatchObject(
        refused(
          'ALREADY_EXISTS',
          "Username looks too much like another player's; choose another",
          'username',
        ),
      );
    }
    // i and l themselves are different letters.
    await expect(auth.client.register(account('iiiy'))).resolves.toBeDefined();
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
    await expect(auth.client.register(account(username))).rejects.toMatchObject(
      refused('INVALID_ARGUMENT', 'That username is reserved', 'username'),
    );
  });

  it('no longer resolves a name: the contract keeps ResolveName, which answers UNIMPLEMENTED', async () => {
    await expect(names.resolveName({ name: 'Ann' })).rejects.toMatchObject({
      code: 'UNIMPLEMENTED',
    });
  });

  it("pages every account's name in id order (scores' copy), and a rename counts one more name, in user.named too", async () => {
    const heard: Record<string, unknown>[] = [];
    const sub = auth.bus.subscribe('user.named', (payload) => heard.push(payload as never));
    await auth.bus.connection.flush();
    const { user, token } = await auth.client.register(account('Paged'));
    await auth.accountAs(token).updateProfile({ username: 'PagedAgain' });

    const all: authV1.AccountName[] = [];
    for (let after = ''; ;) {
      const { accounts } = await names.listNames({ afterUserId: after, limit: 2 });
      all.push(...accounts);
      if (accounts.length < 2) break;
      after = accounts.at(-1)!.userId;
    }
    const ids = all.map((a) => a.userId);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    const registered = await auth.db('users').select('id', 'username', 'created_at');
    expect(all).toHaveLength(registered.length);
    const paged = all.find((a) => a.userId === user!.id);
    const registeredAt = registered.find((r) => r.id === user!.id)!.created_at as Date;
    expect(paged).toEqual({
      userId: user!.id,
      username: 'PagedAgain',
      nameVersion: 2,
      registeredAt: registeredAt.toISOString(),
    });

    await eventually(
      () =>
        expect(heard.filter((e) => e.userId === user!.id)).toEqual([
          expect.objectContaining({
            username: 'Paged',
            nameVersion: 1,
            registeredAt: registeredAt.toISOString(),
          }),
          expect.objectContaining({
            username: 'PagedAgain',
            previousUsername: 'Paged',
            nameVersion: 2,
            registeredAt: registeredAt.toISOString(),
          }),
        ]),
      { timeoutMs: 10_000 },
    );
    sub.unsubscribe();
    await expect(names.listNames({ afterUserId: 'nope', limit: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'afterUserId' },
    });
    await expect(names.listNames({ afterUserId: '', limit: 1001 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      details: { field: 'limit' },
    });
  });
});

/** The auth migrations up to and including `last`. */
const upTo = (last: string) => migrationsUpTo(migrations, last);

describe('migration 002: username skeletons for existing accounts', () => {
  it('gives each account its skeleton; of two look-alikes, the older keeps it', async () => {
    await onTestDatabase('auth', async (db) => {
      await migrateLatest(db, 'auth', { '001_users': migrations['001_users']! });
      const insert = (username: string, createdAt: string) =>
        db('users').insert({ username, password_hash: 'x', created_at: createdAt });
      await insert('Bob', '2024-01-01T00:00:00Z');
      await insert('B0b', '2024-02-01T00:00:00Z');
      await insert('Zed', '2024-03-01T00:00:00Z');
      await migrateLatest(db, 'auth', upTo('002_username_skeleton'));
      const rows = await db('users').select('username', 'username_skeleton').orderBy('created_at');
      expect(rows).toEqual([
        { username: 'Bob', username_skeleton: 'bob' },
        { username: 'B0b', username_skeleton: null },
        { username: 'Zed', username_skeleton: 'zed' },
      ]);
    });
  });
});

describe('migration 006: every key of every username', () => {
  it("keeps each account's keys; a key two usernames share stays the older's", async () => {
    await onTestDatabase('auth', async (db) => {
      await migrateLatest(db, 'auth', upTo('005_outbox_headers'));
      const insert = async (username: string, createdAt: string) => {
        const [row] = await db('users')
          .insert({ username, password_hash: 'x', created_at: createdAt })
          .returning('id');
        return (row as { id: string }).id;
      };
      // Under the old single key (folded first) these three were three names.
      const lily = await insert('lily', '2024-01-01T00:00:00Z');
      const lookAlike = await insert('IiIy', '2024-02-01T00:00:00Z');
      const zed = await insert('Zed', '2024-03-01T00:00:00Z');
      await migrateLatest(db, 'auth', migrations);
      const keys = await db('username_keys').select('user_id', 'name_key').orderBy('name_key');
      expect(keys).toEqual([
        { user_id: lookAlike, name_key: 'iiiy' },
        { user_id: lily, name_key: 'iily' },
        { user_id: lily, name_key: 'lily' },
        { user_id: zed, name_key: 'zed' },
      ]);
      expect(await db.schema.hasColumn('users', 'username_skeleton')).toBe(false);
    });
  });
});
