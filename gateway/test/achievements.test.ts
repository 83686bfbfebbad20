import { eventually, TestClock } from '@ballmatch/platform/testing';
import { signedInPlayer, type Client } from './ads-support';
import { playAndSubmit } from './ranked-game';
import { openSocket, updateOn, wsUrl, type Message } from './realtime-socket';
import { client, stackPerFile } from './stack';

/**
 * Achievement badges over HTTP and /ws (docs/api.md 'Achievements'): a real ranked game,
 * verified by the scores service, wins its player badges in auth (from scores.created); the
 * player reads them, guests are refused; each badge reaches that player's open pages.
 */
const sessionsClock = new TestClock();
const WAIT = { timeoutMs: 15_000 };
const stack = stackPerFile(
  { RATE_LIMIT_API_PER_MINUTE: '100000', RATE_LIMIT_AUTH_PER_MINUTE: '100000' },
  { sessionsClock: sessionsClock.now },
);

interface Badge {
  id: string;
  name: string;
  description: string;
  awardedAt: string | null;
}

const badgesOf = async (player: Client) =>
  ((await player.get('/api/user/achievements')).json as { achievements: Badge[] }).achievements;

/** A ranked game played and submitted under `name` (signed in or not). */
const playAs = (player: Client, name: string) =>
  playAndSubmit(stack.url, sessionsClock, player, name);

describe('GET /api/user/achievements', () => {
  it('is refused to a guest', async () => {
    const res = await client(stack.url).get('/api/user/achievements');
    expect({ status: res.status, body: res.json }).toEqual({
      status: 401,
      body: { message: 'Not authenticated' },
    });
  });

  it("lists every badge, those a player's verified game won with their date", async () => {
    const name = 'badge_winner';
    const player = await signedInPlayer(stack.url, name);
    const before = await badgesOf(player);
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((b) => b.awardedAt)).toEqual([]);
    expect(before[0]).toEqual({
      id: 'first_game',
      name: 'First Game',
      description: 'Finish your first verified game.',
      awardedAt: null,
    });

    // A guest's game wins nothing for anyone.
    await playAs(client(stack.url), 'badge_guest');
    const score = await playAs(player, name);
    const won = await eventually(async () => {
      const badges = (await badgesOf(player)).filter((b) => b.awardedAt);
      expect(badges.map((b) => b.id)).toContain('first_game');
      return badges;
    }, WAIT);
    expect(Date.parse(won[0]!.awardedAt!)).not.toBeNaN();
    // Two players this week: the player's place is in the top 10.
    expect(won.map((b) => b.id)).toEqual(expect.arrayContaining(['first_game', 'weekly_top_10']));
    if (score.score >= 1000) expect(won.map((b) => b.id)).toContain('score_1000');

    const exported = (await player.get('/api/user/export')).json as { achievements: Badge[] };
    expect(exported.achievements).toEqual(won);
  });
});

/** A socket through the gateway with this Cookie header, subscribed to 'achievements'. */
async function socketWith(cookie: string) {
  const socket = openSocket(wsUrl(stack.url), cookie ? { cookie } : {});
  await socket.opened;
  const next = (match: (m: Message) => boolean) => socket.next(match, WAIT.timeoutMs);
  await next((m) => m.type === 'connection');
  socket.ws.send(JSON.stringify({ type: 'subscribe', channel: 'achievements' }));
  return { ws: socket.ws, messages: socket.messages, next };
}

describe("the player's 'achievements' channel on /ws", () => {
  it('brings a badge to the pages of the player who won it, and to nobody else', async () => {
    const name = 'badge_live';
    const player = await signedInPlayer(stack.url, name);
    const other = await signedInPlayer(stack.url, 'badge_other');
    const own = await socketWith(player.cookie);
    const theirs = await socketWith(other.cookie);
    await own.next((m) => m.type === 'subscription' && m.channel === 'achievements');
    await theirs.next((m) => m.type === 'subscription' && m.channel === 'achievements');

    await playAs(player, name);
    const update = await own.next((m) => m.type === 'update');
    expect(update).toEqual(
      updateOn('achievements', {
        action: 'achievement_awarded',
        achievement: {
          id: expect.any(String),
          name: expect.any(String),
          description: expect.any(String),
          awardedAt: expect.any(String),
        },
      }),
    );
    const won = (await badgesOf(player)).filter((b) => b.awardedAt).map((b) => b.id);
    await eventually(
      () =>
        expect(
          own.messages
            .filter((m) => m.type === 'update')
            .map((m) => (m.data as { achievement: { id: string } }).achievement.id)
            .sort(),
        ).toEqual([...won].sort()),
      WAIT,
    );
    expect(theirs.messages.filter((m) => m.type === 'update')).toEqual([]);
    own.ws.close();
    theirs.ws.close();
  });

  it('is refused to a guest and to a signed-out cookie', async () => {
    const player = await signedInPlayer(stack.url, 'badge_gone');
    const cookie = player.cookie;
    expect((await player.post('/api/logout', {})).status).toBe(200);
    for (const header of ['', cookie]) {
      const socket = await socketWith(header);
      expect(await socket.next((m) => m.type === 'error')).toMatchObject({
        message: 'Sign in to subscribe to achievements',
      });
      socket.ws.close();
    }
  });
});
