import { eventually, TestClock } from '@ballmatch/platform/testing';
import { signedInPlayer, type Client } from './ads-support';
import { playAndSubmit } from './ranked-game';
import { client, stackPerFile } from './stack';

/**
 * A player's own data over HTTP (docs/api.md 'Your data'): their games and standing, the JSON
 * export, and deleting the account (signed out everywhere; the scores stay or go as asked).
 */
const sessionsClock = new TestClock();
/** The scores service's clock: held in a test whose games must count in one week. */
const scoresClock = new TestClock();
const WAIT = { timeoutMs: 15_000 };
const PASSWORD = 'a fine long password';
const stack = stackPerFile(
  { RATE_LIMIT_API_PER_MINUTE: '100000', RATE_LIMIT_AUTH_PER_MINUTE: '100000' },
  { sessionsClock: sessionsClock.now, scoresClock: scoresClock.now },
);
afterEach(() => scoresClock.real());

/** A ranked game played and submitted by a signed-in player, under their username. */
const playAs = (player: Client, username: string) =>
  playAndSubmit(stack.url, sessionsClock, player, username);

const topIds = async () =>
  (
    (await client(stack.url).get('/api/scores/top?limit=100')).json as unknown as { id: string }[]
  ).map((s) => s.id);

describe("a player's own data", () => {
  it('is refused to a guest', async () => {
    const guest = client(stack.url);
    for (const res of [
      await guest.get('/api/user/scores'),
      await guest.get('/api/user/standing'),
      await guest.get('/api/user/export'),
      await guest.delete('/api/user', { confirmUsername: 'x', currentPassword: 'y' }),
    ]) {
      expect({ status: res.status, body: res.json }).toEqual({
        status: 401,
        body: { message: 'Not authenticated' },
      });
    }
  });

  it('lists their games in pages and gives their standing', async () => {
    // Held: both games count in the week the standing is read for, even when a Monday 00:00 UTC
    // comes between them.
    scoresClock.set(Date.now());
    const name = 'own_games';
    const player = await signedInPlayer(stack.url, name);
    expect((await player.get('/api/user/standing')).json).toMatchObject({
      gamesOnBoards: 0,
      best: null,
      allTimeRank: null,
      week: { isActive: true },
      weekly: null,
      weeklyRank: null,
    });
    const first = await playAs(player, name);
    const second = await playAs(player, name);

    const page = await player.get('/api/user/scores?limit=1&page=2');
    expect(page.json).toEqual({
      data: [
        expect.objectContaining({
          id: first.id,
          reviewState: 'accepted',
          voidedAt: null,
          reset: false,
        }),
      ],
      pagination: {
        currentPage: 2,
        totalPages: 2,
        total: 2,
        hasNextPage: false,
        hasPrevPage: true,
      },
    });
    expect((await player.get('/api/user/scores?limit=0')).json).toMatchObject({
      message: 'limit must be a whole number of at least 1',
      field: 'limit',
    });
    // Past the most is refused as on every list (it was clamped to 100 here alone).
    const tooMany = await player.get('/api/user/scores?limit=101');
    expect([tooMany.status, tooMany.json]).toEqual([
      400,
      { message: 'limit must be a whole number from 1 to 100', field: 'limit' },
    ]);
    expect((await player.get('/api/user/scores?limit=100')).json).toMatchObject({
      pagination: { total: 2, totalPages: 1 },
    });

    const best = first.score >= second.score ? first : second;
    const top = await topIds();
    expect((await player.get('/api/user/standing')).json).toMatchObject({
      gamesOnBoards: 2,
      best: { id: best.id, score: best.score },
      allTimeRank: top.indexOf(best.id) + 1,
      weekly: { playerName: name, gamesPlayed: 2, totalScore: first.score + second.score },
      weeklyRank: expect.any(Number),
    });
  });

  it('exports the account, its games, sessions and ads as a JSON file', async () => {
    const name = 'exporter';
    const player = await signedInPlayer(stack.url, name);
    const score = await playAs(player, name);
    const res = await player.get('/api/user/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename=ballmatch-${name}-\\d{4}-\\d\\d-\\d\\d\\.json$`),
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      exportedAt: expect.any(String),
      account: expect.objectContaining({ username: name, email: `${name}@example.com` }),
      scores: [expect.objectContaining({ id: score.id, reviewState: 'accepted' })],
      sessions: [
        expect.objectContaining({
          playerName: name,
          deviceFingerprint: 'f'.repeat(50),
          ip: expect.any(String),
        }),
      ],
      ads: [],
      // Badges are awarded as the game's event is heard (achievements.test.ts).
      achievements: expect.any(Array),
    });
    expect(res.text).not.toMatch(/passwordHash|password_hash|argon2/);
  });
});

describe('deleting an account', () => {
  it('refuses a wrong password or username on its field, and the account stays', async () => {
    const name = 'second_thoughts';
    const player = await signedInPlayer(stack.url, name);
    for (const [body, field, message] of [
      [
        { confirmUsername: name, currentPassword: 'not my password' },
        'currentPassword',
        'Current password is incorrect',
      ],
      [
        { confirmUsername: 'someone', currentPassword: PASSWORD },
        'confirmUsername',
        'That is not your username',
      ],
      [{ currentPassword: PASSWORD }, 'confirmUsername', 'Type your username to confirm'],
      [
        { confirmUsername: name, currentPassword: PASSWORD, removeScores: 'yes' },
        'removeScores',
        'removeScores must be true or false',
      ],
    ] as const) {
      const res = await player.delete('/api/user', body);
      expect({ status: res.status, body: res.json }).toEqual({
        status: 400,
        body: { message, field },
      });
    }
    expect((await player.get('/api/user')).status).toBe(200);
  });

  it('signs out every session and removes the scores when asked', async () => {
    const name = 'leaving_all';
    const player = await signedInPlayer(stack.url, name);
    const score = await playAs(player, name);
    const otherDevice = client(stack.url);
    expect(
      (await otherDevice.post('/api/login', { email: `${name}@example.com`, password: PASSWORD }))
        .status,
    ).toBe(200);

    const res = await player.delete('/api/user', {
      confirmUsername: name,
      currentPassword: PASSWORD,
      removeScores: true,
    });
    expect({ status: res.status, body: res.json }).toEqual({
      status: 200,
      body: { message: 'Account deleted' },
    });
    expect(res.setCookie).toMatch(/^bm_session=;/);
    for (const device of [player, otherDevice]) {
      expect((await device.get('/api/user/scores')).status).toBe(401);
    }
    expect(
      (
        await client(stack.url).post('/api/login', {
          email: `${name}@example.com`,
          password: PASSWORD,
        })
      ).status,
    ).toBe(401);
    await eventually(async () => expect(await topIds()).not.toContain(score.id), WAIT);
  });

  it('keeps the scores on the boards under the name otherwise', async () => {
    const name = 'leaving_some';
    const player = await signedInPlayer(stack.url, name);
    const score = await playAs(player, name);
    const res = await player.delete('/api/user', {
      confirmUsername: name,
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await topIds()).toContain(score.id);
  });
});
