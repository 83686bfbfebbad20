import { bearer, createGrpcClient, dayOf } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import { startAuth, type AuthHarness } from './harness';

// The admin console's new players per day, counted from the accounts table.
let auth: AuthHarness;
beforeAll(async () => {
  auth = await startAuth({ ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' });
});
afterAll(() => auth.close());

const DAY = 86_400_000;
const opened: Array<{ close(): void }> = [];
afterAll(() => opened.forEach((c) => c.close()));

/** The admin service called with this token (none: a guest). */
function adminAs(token?: string) {
  const made = createGrpcClient(
    authV1.AccountAdminServiceClient,
    authV1.AccountAdminServiceService,
    `127.0.0.1:${auth.running.port}`,
    { serviceLabel: 'auth', authorization: token ? bearer(token) : undefined },
  );
  opened.push(made);
  return made;
}

async function register(username: string, daysAgo = 0) {
  const { user, token } = await auth.client.register({
    username,
    email: `${username}@example.com`,
    password: 'a fine long password',
    evmWallet: '',
    clientAddress: '192.0.2.1',
  });
  if (daysAgo > 0) {
    await auth
      .db('users')
      .where({ id: user!.id })
      .update({ created_at: new Date(Date.now() - daysAgo * DAY) });
  }
  return token;
}

describe('AccountAdminService.GetNewUsers', () => {
  let player: string;
  let admin: string;
  beforeAll(async () => {
    player = await register('newbie_one');
    await register('newbie_two');
    await register('three_days', 3);
    await register('forty_days', 40);
    ({ token: admin } = await auth.client.adminLogin({
      username: 'chief',
      password: 'admin-password-1',
      clientAddress: '192.0.2.1',
    }));
  });

  it('counts players per day of registration, the last 30 days by default', async () => {
    const figures = await adminAs(admin).getNewUsers({ from: '', to: '' });
    const today = dayOf(new Date());
    expect(figures.to).toBe(today);
    expect(figures.days).toHaveLength(30);
    expect(figures.days.at(-1)).toEqual({ day: today, users: 2 });
    expect(figures.days.find((d) => d.day === dayOf(new Date(Date.now() - 3 * DAY)))?.users).toBe(
      1,
    );
    expect(figures.days.reduce((n, d) => n + d.users, 0)).toBe(3);
    // Every player now, the admin not among them.
    expect(figures.totalUsers).toBe(4);

    const day40 = dayOf(new Date(Date.now() - 40 * DAY));
    const old = await adminAs(admin).getNewUsers({ from: day40, to: day40 });
    expect(old.days).toEqual([{ day: day40, users: 1 }]);
  });

  it('refuses guests and players, and a range that is not one', async () => {
    await expect(adminAs().getNewUsers({ from: '', to: '' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    await expect(adminAs(player).getNewUsers({ from: '', to: '' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    await expect(
      adminAs(admin).getNewUsers({ from: '2026-03-02', to: '2026-03-01' }),
    ).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'from must not be after to',
      details: { field: 'from' },
    });
  });
});
