// The access matrix (access-matrix.ts) against the real stack: every route of docs/api.md, as a
// guest, the owner of the resources it names, another player and an admin. Then the IDOR checks
// that matter most, through the gateway and straight to the services over gRPC (each service
// checks its caller itself; the gateway is not the only guard).
import { randomUUID } from 'node:crypto';
import { AppError, createGrpcClient } from '@ballmatch/platform';
import { TestClock } from '@ballmatch/platform/testing';
import { adsV1, sessionsV1 } from '@ballmatch/proto';
import {
  orderAd,
  payForAd,
  pngOf,
  signedInAdmin,
  signedInPlayer,
  type Client,
} from '../ads-support';
import { claimOf, playRankedGame } from '../ranked-game';
import { client, stackPerFile } from '../stack';
import { ACCESS_MATRIX, CALLERS, type Caller, type Resources, type Row } from './access-matrix';
import { documentedRoutes, gatewayRoutes, missingFrom, parseRoute, routeKey } from './routes';

const sessionsClock = new TestClock();
sessionsClock.set(Date.now());

const clients = {} as Record<Exclude<Caller, 'guest'>, Client>;
const r = {} as Resources;

/** The session token in a client's cookie jar. */
const tokenOf = (c: Client) => decodeURIComponent(c.cookie.slice(c.cookie.indexOf('=') + 1));

async function newSession(c: Client, playerName = 'Owner Alias') {
  const res = await c.post('/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: 'matrix',
  });
  if (res.status !== 200) throw new Error(`session: ${res.status} ${res.text}`);
  return res.json as { id: string; credential: string; offers: { reward: { id: string } } };
}

const stack = stackPerFile(
  {
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_ADS_PER_MINUTE: '1000000',
  },
  { sessionsClock: sessionsClock.now },
);
beforeAll(async () => {
  const url = stack.url;
  r.names = { player: 'sec_owner', other: 'sec_other' };
  clients.player = await signedInPlayer(url, r.names.player);
  clients.other = await signedInPlayer(url, r.names.other);
  clients.admin = await signedInAdmin(url);
  await signedInPlayer(url, 'sec_login');
  r.loginAccount = { email: 'sec_login@example.com', password: 'a fine long password' };
  const { admin, player } = clients;

  const season = (name: string, from: number, to: number) =>
    admin.post('/api/admin/seasonal-leaderboards', {
      name,
      startDate: new Date(Date.now() + from).toISOString(),
      endDate: new Date(Date.now() + to).toISOString(),
    });
  r.runningSeason = String((await season('Matrix now', 0, 3 * 86_400_000)).json.id);
  r.futureSeason = String((await season('Matrix ahead', 10 * 86_400_000, 12 * 86_400_000)).json.id);

  // A finished game of the player's account, submitted signed in (no credential): on the boards.
  const game = await playRankedGame(url, sessionsClock, 'Owner Alias', {}, player);
  const submitted = await player.post('/api/scores', claimOf(game));
  if (submitted.status !== 200 || submitted.json.reviewState !== 'accepted') {
    throw new Error(`score: ${submitted.status} ${submitted.text}`);
  }
  r.gameSession = game.sessionId;
  r.score = {
    id: String(submitted.json.id),
    score: game.score,
    level: game.level,
    playerName: 'Owner Alias',
  };

  const open = await newSession(player);
  r.openSession = open.id;
  r.rewardOffer = open.offers.reward.id;
  r.endSession = (await newSession(player)).id;
  r.actionSession = (await newSession(player)).id;
  r.week = String((await player.get('/api/weekly-leaderboards/active')).json.id);
  r.bannedName = 'Matrix Banned';
  await admin.post('/api/admin/banned-players', { playerName: r.bannedName, reason: 'setup' });

  const order = await orderAd(url, player);
  const mediaKey = order.imageUrl.split('/').pop()!;
  r.order = { adId: order.id, orderId: order.orderId, imageKey: mediaKey, mediaKey };
  const review = await orderAd(url, player);
  await payForAd(stack, player, review);
  r.reviewAd = review.id;
  const rejected = await orderAd(url, player);
  await payForAd(stack, player, rejected);
  r.rejectAd = rejected.id;
  r.pngBytes = await pngOf(128, 128);

  const update = async (title: string) =>
    String((await admin.post('/api/admin/updates', { title, content: '<p>x</p>' })).json.id);
  r.publishedUpdate = await update('Matrix published');
  await admin.post(`/api/admin/updates/${r.publishedUpdate}/publish`, {});
  r.draftUpdate = await update('Matrix draft');
  r.deletedUpdate = await update('Matrix deleted');
  const feedback = await player.post('/api/feedback', {
    name: 'Owner',
    email: 'owner@example.com',
    message: 'Mine',
  });
  r.feedback = String(feedback.json.id);
}, 120_000);

/** A caller's cookie: their session, or a new one for this call alone. */
async function cookieOf(as: Caller, fresh: boolean): Promise<string> {
  if (as === 'guest') return '';
  if (!fresh) return clients[as].cookie;
  const c = as === 'admin' ? await signedInAdmin(stack.url) : client(stack.url);
  if (as !== 'admin') {
    await c.post('/api/login', {
      email: `${r.names[as]}@example.com`,
      password: 'a fine long password',
    });
  }
  return c.cookie;
}

/** Sends the row's request as `as`, outside any cookie jar (a sign-in must not switch callers). */
async function send(row: Row, as: Caller) {
  const route = parseRoute(row.route);
  const call = row.call?.(r, as) ?? {};
  const cookie = await cookieOf(as, row.fresh === true);
  const res = await fetch(stack.url + (call.path ?? route.path), {
    method: route.method,
    redirect: 'manual',
    headers: {
      ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
      ...call.headers,
    },
    body: call.bytes ? new Uint8Array(call.bytes) : JSON.stringify(call.body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('the access matrix', () => {
  it('has one row for every route docs/api.md documents, and documents every route served', () => {
    const documented = documentedRoutes();
    const served = gatewayRoutes(stack.gatewayEnv);
    const rows = ACCESS_MATRIX.map((row) => parseRoute(row.route));
    expect(documented.length).toBeGreaterThan(90);
    expect({ undocumented: missingFrom(served, documented) }).toEqual({ undocumented: [] });
    expect({ notServed: missingFrom(documented, served) }).toEqual({ notServed: [] });
    expect({ withoutRow: missingFrom(documented, rows) }).toEqual({ withoutRow: [] });
    expect({ rowsOfNoRoute: missingFrom(rows, documented) }).toEqual({ rowsOfNoRoute: [] });
    const keys = rows.map(routeKey);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('every caller gets the expected status on every route', async () => {
    const wrong: string[] = [];
    for (const row of ACCESS_MATRIX) {
      for (const as of CALLERS) {
        const res = await send(row, as);
        if (res.status !== row.expect[as]) {
          wrong.push(
            `${row.route} as ${as}: ${res.status}, expected ${row.expect[as]} ${res.text.slice(0, 160)}`,
          );
        }
        if (as === 'admin' && res.status < 300 && row.remember) {
          row.remember(r, JSON.parse(res.text) as Record<string, unknown>);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('no IDOR: another player can neither read nor change what is the player’s', () => {
  it('a game session: neither the other account nor its own game’s credential opens it', async () => {
    const { player, other, admin } = clients;
    const mine = await newSession(player, 'Owner Alias');
    const theirs = await newSession(other, 'Other Alias');
    const attempts: Record<string, string>[] = [
      {},
      { 'x-session-credential': theirs.credential },
      { 'x-session-credential': 'A'.repeat(43) },
    ];
    for (const headers of attempts) {
      for (const res of [
        await other.patch(
          `/api/player-sessions/${mine.id}`,
          {
            totalScore: 999,
            matchCount: 9,
            moveCount: 9,
            averageMoveDuration: 1,
            playerName: 'Intruder',
          },
          headers,
        ),
        await other.get(`/api/player-sessions/${mine.id}/game`, headers),
        await other.post(
          `/api/player-sessions/${mine.id}/actions`,
          { seq: 0, action: { type: 'end' } },
          headers,
        ),
        await other.post(`/api/player-sessions/${mine.id}/end`, undefined, headers),
      ]) {
        expect([res.status, res.json]).toEqual([
          403,
          { message: 'This session belongs to another player', field: 'credential' },
        ]);
      }
    }
    const seen = await admin.get(`/api/admin/player-sessions/${mine.id}`);
    expect(seen.json).toMatchObject({ playerName: 'Owner Alias', totalScore: 0, endedAt: null });
    // The owner's own credential still opens it, signed out too.
    const game = await client(stack.url).get(`/api/player-sessions/${mine.id}/game`, {
      'x-session-credential': mine.credential,
    });
    expect([game.status, game.json.seq]).toEqual([200, 0]);
  });

  it('a score: a submission naming the player’s finished game tells another caller nothing', async () => {
    // Every path, the seasonal one with a season not running too (a refusal before the game
    // is read must not fall back to answering the stored score).
    const paths = [
      '/api/scores',
      '/api/weekly-leaderboards/record-score',
      `/api/seasonal-leaderboards/${r.runningSeason}/scores`,
      `/api/seasonal-leaderboards/${r.futureSeason}/scores`,
      `/api/seasonal-leaderboards/${randomUUID()}/scores`,
    ];
    for (const path of paths) {
      for (const c of [clients.other, client(stack.url)]) {
        const res = await c.post(path, { ...r.score, sessionId: r.gameSession });
        expect([path, res.status]).toEqual([path, expect.any(Number)]);
        expect([path, res.status >= 400, res.text]).toEqual([
          path,
          true,
          expect.not.stringContaining(r.score.id),
        ]);
      }
    }
  });

  it('a profile: a change is the caller’s own account’s, whatever the body names', async () => {
    const { player, other } = clients;
    const playerId = String((await player.get('/api/user')).json.id);
    const renamed = await other.patch('/api/user/profile', {
      username: 'sec_other2',
      id: playerId,
      userId: playerId,
    });
    expect([renamed.status, renamed.json.username]).toEqual([200, 'sec_other2']);
    expect(renamed.json.id).not.toBe(playerId);
    const mine = await player.get('/api/user');
    expect([mine.json.id, mine.json.username]).toEqual([playerId, r.names.player]);
    await other.patch('/api/user/profile', { username: r.names.other });
  });

  it('an ad order: invisible to another advertiser, in their list and by id', async () => {
    const mine = await clients.other.get('/api/ads/mine');
    expect(mine.status).toBe(200);
    expect((mine.json as unknown as { id: string }[]).map((a) => a.id)).not.toContain(r.order.adId);
    const ad = await clients.player.get(`/api/ads/orders/${r.order.orderId}`);
    expect([ad.status, ad.json.state]).toEqual([200, 'awaiting_payment']);
  });

  it('the services refuse another player’s token themselves, past the gateway (gRPC)', async () => {
    const authorization = `Bearer ${tokenOf(clients.other)}`;
    const advertiser = createGrpcClient(
      adsV1.AdvertiserServiceClient,
      adsV1.AdvertiserServiceService,
      stack.gatewayEnv.ADS_ADDR!,
      { serviceLabel: 'ads', authorization },
    );
    const sessions = createGrpcClient(
      sessionsV1.SessionServiceClient,
      sessionsV1.SessionServiceService,
      stack.gatewayEnv.SESSIONS_ADDR!,
      { serviceLabel: 'sessions', authorization },
    );
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'OK',
        (e: unknown) => (e instanceof AppError ? e.code : String(e)),
      );
    try {
      expect(await codeOf(advertiser.getOrder({ orderId: r.order.orderId }))).toBe('NOT_FOUND');
      expect(await codeOf(advertiser.startCheckout({ orderId: r.order.orderId }))).toBe(
        'NOT_FOUND',
      );
      const theirs = await newSession(clients.other, 'Other Alias');
      for (const sessionCredential of [undefined, theirs.credential]) {
        const opts = { sessionCredential };
        expect(await codeOf(sessions.getGame({ id: r.openSession }, opts))).toBe(
          'PERMISSION_DENIED',
        );
        expect(await codeOf(sessions.endSession({ id: r.openSession }, opts))).toBe(
          'PERMISSION_DENIED',
        );
      }
    } finally {
      advertiser.close();
      sessions.close();
    }
  });
});
