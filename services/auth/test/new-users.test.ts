import { bearer, createGrpcClient } from '@ballmatch/platform';
import { TestClock } from '@ballmatch/platform/testing';
import { authV1 } from '@ballmatch/proto';
import { startAuth, type AuthHarness } from './harness';
import { refused } from './refused';

// The admin console's new players per day, counted from the accounts table. Which day is today
// is the service's clock's: the test stands on a day's last millisecond and then on the next
// day's first, whatever the wall clock says.
let auth: AuthHarness;
const clock = new TestClock();
beforeAll(async () => {
  auth = await startAuth(
    { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'admin-password-1' },
    { now: clock.now },
  );
});
afterAll(() => auth.close());

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

const LAST_MS = '2031-05-06T23:59:59.999Z';

/** A player registered at `at` (the accounts table's time: the database stamps it, so set here). */
async function register(username: string, at: string) {
  const { user, token } = await auth.client.register({
    username,
    email: `${username}@example.com`,
    password: 'a fine long password',
    evmWallet: '',
    clientAddress: '192.0.2.1',
  });
  await auth
    .db('users')
    .where({ id: user!.id })
    .update({ created_at: new Date(at) });
  return token;
}

describe('AccountAdminService.GetNewUsers', () => {
  let player: string;
  let admin: string;
  beforeAll(async () => {
    player = await register('newbie_one', '2031-05-06T00:00:00.000Z');
    await register('newbie_two', LAST_MS);
    await register('three_days', '2031-05-03T12:00:00.000Z');
    await register('forty_days', '2031-03-27T23:59:59.999Z');
    ({ token: admin } = await auth.client.adminLogin({
      username: 'chief',
      password: 'admin-password-1',
      clientAddress: '192.0.2.1',
    }));
  });

  it("counts players per day of registration, the last 30 days by default (to the clock's today)", async () => {
    clock.set(LAST_MS);
    const figures = await adminAs(admin).getNewUsers({ from: '', to: '' });
    // totalUsers: every player now, the admin not among them.
    expect(figures).toMatchObject({ from: '2031-04-07', to: '2031-05-06', totalUsers: 4 });
    expect(figures.days).toHaveLength(30);
    // Both ends of the day count on it.
    expect(figures.days.at(-1)).toEqual({ day: '2031-05-06', users: 2 });
    expect(figures.days.find((d) => d.day === '2031-05-03')?.users).toBe(1);
    expect(figures.days.reduce((n, d) => n + d.users, 0)).toBe(3);

    const old = await adminAs(admin).getNewUsers({ from: '2031-03-27', to: '2031-03-27' });
    expect(old.days).toEqual([{ day: '2031-03-27', users: 1 }]);
  });

  it('starts a new day at midnight UTC: the day before keeps its players', async () => {
    clock.set(LAST_MS);
    clock.advance(1);
    const figures = await adminAs(admin).getNewUsers({ from: '', to: '' });
    expect(figures).toMatchObject({ from: '2031-04-08', to: '2031-05-07', totalUsers: 4 });
    expect(figures.days.slice(-2)).toEqual([
      { day: '2031-05-06', users: 2 },
      { day: '2031-05-07', users: 0 },
    ]);
    expect(figures.days.reduce((n, d) => n + d.users, 0)).toBe(3);
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
    ).rejects.toMatchObject(refused('INVALID_ARGUMENT', 'from must not be after to', 'from'));
  });
});
