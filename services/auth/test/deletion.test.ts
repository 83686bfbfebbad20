import { eventually } from '@ballmatch/platform/testing';
import { eventContractBreach } from '@ballmatch/proto';
import { startAuth, type AuthHarness } from './harness';
import { refused } from './refused';
import { registrations } from './registrations';

const WAIT = { timeoutMs: 10_000 };
const fresh = registrations('leaver');

describe('DeleteAccount', () => {
  let auth: AuthHarness;
  /** Every user.deleted the service published, as received. */
  const published: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    auth = await startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' });
    auth.bus.subscribe('user.deleted', (payload) => {
      published.push(payload as Record<string, unknown>);
    });
    await auth.bus.connection.flush();
  });
  afterAll(() => auth.close());

  /** The account's user.deleted, once it has come. */
  const announced = (userId: string) =>
    eventually(() => published.find((e) => e.userId === userId) ?? false, WAIT);

  it('deletes the account, signs out every session of it and announces it', async () => {
    const input = fresh();
    const { user, token } = await auth.client.register(input);
    const other = await auth.client.login({ ...input, clientAddress: '10.0.0.2' });

    await auth.accountAs(token).deleteAccount({
      confirmUsername: ` ${input.username.toUpperCase()} `,
      currentPassword: input.password,
      removeScores: true,
    });

    expect(await auth.db('users').where({ id: user!.id }).first()).toBeUndefined();
    for (const session of [token, other.token]) {
      await expect(auth.accountAs(session).getCurrentUser({})).rejects.toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
    await expect(auth.client.login(input)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const event = await announced(user!.id);
    expect(event).toMatchObject({ username: input.username, removeScores: true });
    expect(eventContractBreach('user.deleted', event)).toBeNull();
    // The name and the address are free again.
    await expect(auth.client.register(input)).resolves.toBeDefined();
  });

  it('says when the scores are to stay (removeScores absent from the event)', async () => {
    const input = fresh();
    const { user, token } = await auth.client.register(input);
    await auth.accountAs(token).deleteAccount({
      confirmUsername: input.username,
      currentPassword: input.password,
      removeScores: false,
    });
    const event = await announced(user!.id);
    expect(event.removeScores).toBeUndefined();
  });

  it.each([
    [{ confirmUsername: '' }, 'confirmUsername', 'Type your username to confirm'],
    [{ confirmUsername: 'someone_else' }, 'confirmUsername', 'That is not your username'],
    [
      { currentPassword: '' },
      'currentPassword',
      'Enter your current password to delete your account',
    ],
    [{ currentPassword: 'wrong password!' }, 'currentPassword', 'Current password is incorrect'],
  ])('refuses %j on its field and keeps the account', async (override, field, message) => {
    const input = fresh();
    const { user, token } = await auth.client.register(input);
    const account = auth.accountAs(token);
    await expect(
      account.deleteAccount({
        confirmUsername: input.username,
        currentPassword: input.password,
        removeScores: false,
        ...override,
      }),
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', message, field));
    expect((await account.getCurrentUser({})).user!.id).toBe(user!.id);
    expect(published.find((e) => e.userId === user!.id)).toBeUndefined();
  });

  it('deletes once when asked twice at the same time', async () => {
    const input = fresh();
    const { user, token } = await auth.client.register(input);
    const request = {
      confirmUsername: input.username,
      currentPassword: input.password,
      removeScores: true,
    };
    const results = await Promise.allSettled([
      auth.accountAs(token).deleteAccount(request),
      auth.accountAs(token).deleteAccount(request),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    await announced(user!.id);
    // The one event is all there is: the outbox is empty once it was published.
    await eventually(async () => (await auth.db('outbox').count({ n: '*' }))[0]!.n === '0', WAIT);
    expect(published.filter((e) => e.userId === user!.id)).toHaveLength(1);
  });

  it('refuses an admin account and a guest', async () => {
    const admin = await auth.client.adminLogin({
      username: 'chief',
      password: 'admin-password-1',
      clientAddress: '10.0.0.9',
    });
    await expect(
      auth.accountAs(admin.token).deleteAccount({
        confirmUsername: 'chief',
        currentPassword: 'admin-password-1',
        removeScores: false,
      }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(
      auth
        .accountAs('')
        .deleteAccount({ confirmUsername: 'x', currentPassword: 'y', removeScores: false }),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
