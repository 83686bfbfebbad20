// The fault suite (`npm run test:faults`): the scaled-out stack (scripts/scale/) on PostgreSQL,
// Redis and NATS of its own, under a steady load of players (faults/support/load.ts) and of
// games in progress on the game socket, played as the page plays them (faults/support/games.ts),
// broken in turn: kill -9 of the sessions replica holding the games while actions are in
// flight, a rolling restart of sessions, kill -9 of every process (the supervisor starts it
// again), a restart of each store, and a network cut of one replica of each scaled service.
// After each, once healed: nothing a client was told was accepted, or durable, is lost or
// counted twice, nothing a game's client was told is contradicted and every game cut went on,
// the boards in Redis equal PostgreSQL, every outbox drained, every socket reconnected, no
// process left down. Each fault's counts go to docs/fault-report.md.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@ballmatch/platform/testing';
import { orderBallAd, register } from '../e2e/support/api-players';
import { ApiClient } from '../e2e/support/http-client';
import { ScaledStackRunner } from '../e2e/support/scale-runner';
import { startStripeStandIn, type StripeStandIn } from '../services/ads/test/stripe-stand-in';
import { Stores, type Findings } from './support/checks';
import { GameLoad, type PlayedGame } from './support/games';
import { Load, persist, steadfast, type Hiccups } from './support/load';
import { writeReport, type FaultRow, type GameRound } from './support/report';

jest.setTimeout(40 * 60_000);

const root = path.resolve(__dirname, '..');
const REPORT = path.join(root, 'docs/fault-report.md');
const PLAYERS = 6;
const SOCKETS = 8;
/** Games in progress on the game socket, all on one sessions replica (HOME) before a fault. */
const GAMES = 100;
/** Clients playing them: a few more, as each spends a moment between two games. */
const GAME_CLIENTS = 106;
const HOME = 'sessions-1';
const REDIS_PREFIX = 'flt:';
const ADMIN = { username: 'fault_admin', password: `admin-${randomUUID()}` };

const runner = new ScaledStackRunner(path.join(root, 'e2e/artifacts/faults-stack.log'));
let stripe: StripeStandIn;
let stores: Stores;
let load: Load;
let games: GameLoad;
let keyDir = '';
let adId = '';
let site = '';
const rows: FaultRow[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A free port for the front balancer, known before the stand-in that posts webhooks to it. */
async function freePort(): Promise<number> {
  const net = await import('node:net');
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** An ad ordered, paid (Stripe's webhook, retried until delivered, as Stripe does) and approved. */
async function payForAd(advertiser: ApiClient, hiccups: Hiccups): Promise<string> {
  const ad = await orderBallAd(advertiser, 'red');
  const { checkoutUrl } = await advertiser.postOk<{ checkoutUrl: string }>(
    `/api/ads/orders/${ad.orderId}/checkout`,
  );
  const session = stripe.markPaid(new URL(checkoutUrl).pathname.split('/').pop()!);
  // One event, delivered until the site answers 200, and once more: a repeat Stripe may send.
  const payload = JSON.stringify(stripe.event('checkout.session.completed', session));
  for (let delivery = 0; delivery < 2; delivery++) {
    const answer = await persist(hiccups, async () => {
      const res = await fetch(`${site}/api/payments/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(payload) },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      return { status: res.status, text: await res.text(), json: {}, headers: res.headers };
    });
    if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${answer.text}`);
  }
  return ad.id;
}

beforeAll(async () => {
  const frontPort = await freePort();
  stripe = await startStripeStandIn({
    webhookUrl: `http://127.0.0.1:${frontPort}/api/payments/stripe/webhook`,
  });
  keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-faults-keys-'));
  const info = await runner.start({
    frontPort,
    ownStores: true,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      REDIS_KEY_PREFIX: REDIS_PREFIX,
      JWT_DEV_KEY_DIR: keyDir,
      AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64url'),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      // One load generator plays for many: per-address and per-player limits out of its way.
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
      RATE_LIMIT_ADS_PER_MINUTE: '1000000',
      RANKED_STARTS_PER_HOUR_PER_ADDRESS: '100000',
      RANKED_STARTS_PER_HOUR_PER_PLAYER: '100000',
      // Every impression a player was answered 204 for must be stored: no per-address caps.
      ADS_FREQUENCY_CAPS: 'off',
      ADS_FLUSH_MS: '1000',
    },
  });
  site = info.url;
  const gameSocketUrl = (info as typeof info & { gameSocketUrl: string }).gameSocketUrl;
  stores = new Stores(info.storeEnv as { DATABASE_URL: string; REDIS_URL: string }, REDIS_PREFIX);

  const setupHiccups: Hiccups = {};
  const advertiser = steadfast(new ApiClient(site), setupHiccups);
  await register(advertiser, 'faultads');
  adId = await payForAd(advertiser, setupHiccups);
  const admin = new ApiClient(site);
  await admin.postOk('/api/admin/login', ADMIN);
  await admin.postOk(`/api/admin/ads/${adId}/approve`, {});

  load = new Load(site, { players: PLAYERS, sockets: SOCKETS, adId: () => adId });
  load.start();
  games = new GameLoad(site, `${gameSocketUrl}/ws/game`, {
    clients: GAME_CLIENTS,
    // Only games whose sockets reach HOME while every replica is up are played.
    placed: async (id) => (await runner.command<{ home: string }>('route', id)).home === HOME,
    // `off`: a client that does not send again what was not durable (the checks must fail).
    resend: process.env.FAULTS_GAME_CLIENTS_RESEND !== 'off',
  });
  games.start();
  // Under way: every player has finished a game, every socket listens, the games are played.
  await eventually(() => load.accepted.length >= PLAYERS && load.openSockets() === SOCKETS, {
    timeoutMs: 120_000,
    intervalMs: 200,
  });
  await gamesOn(HOME);
});

afterAll(async () => {
  await games?.stop();
  await load?.stop();
  await stores?.close();
  await runner.stop();
  await stripe?.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

interface Fault {
  name: string;
  /** Waits until the fault can find what it is meant to break (not counted as down time). */
  before?(): Promise<void>;
  /**
   * Breaks something and resolves once it is healed (the process or store answering again),
   * with a note of what it met, if any.
   */
  run(): Promise<string | void>;
}

const PROCESSES = [
  'gateway-1',
  'gateway-2',
  'auth',
  'sessions-1',
  'sessions-2',
  'content',
  'scores-1',
  'scores-2',
  'ads-1',
  'ads-2',
  'realtime-1',
  'realtime-2',
];

/** Players keep finishing games: at least `games` more accepted from now on. */
async function progress(games: number, timeoutMs = 120_000): Promise<void> {
  const target = load.accepted.length + games;
  await eventually(() => load.accepted.length >= target, { timeoutMs, intervalMs: 100 });
}

/** The games whose sockets a sessions replica holds (the game ingress's word). */
async function socketsOn(replica: string): Promise<Set<string>> {
  const status = await runner.status();
  const ingress = status.balancers.game as unknown as Record<string, { sessions: string[] }>;
  return new Set(ingress[replica]!.sessions);
}

/** Resolves once GAMES games in progress have their sockets on `replica`. */
async function gamesOn(replica: string): Promise<PlayedGame[]> {
  let held = new Set<string>();
  await eventually(
    async () => {
      held = await socketsOn(replica);
      return held.size >= GAMES;
    },
    { timeoutMs: 240_000, intervalMs: 250 },
  );
  return games.playing().filter((g) => held.has(g.sessionId));
}

/** The games HOME holds as a sessions fault begins. */
let held: PlayedGame[] = [];
const holdGames = async () => void (held = await gamesOn(HOME));

/**
 * Kill -9 of the replica holding GAMES games, mid-move: once one of their actions is on its
 * way and one answered action is not yet known durable (what a crash can cost the server).
 */
async function killMidMove(): Promise<string> {
  const inFlight = () => held.filter((g) => g.inFlight).length;
  const unconfirmed = () => held.reduce((n, g) => n + g.unconfirmed, 0);
  const until = Date.now() + 60_000;
  while (Date.now() < until && !(inFlight() >= 1 && unconfirmed() >= 1)) await sleep(1);
  const note =
    `${held.length} games on it, ${inFlight()} actions in flight, ` +
    `${unconfirmed()} answered and not yet told durable`;
  await runner.kill(HOME);
  return note;
}

/** Each sessions replica in turn drained, SIGTERM'd and started again while the games go on. */
async function rollingRestart(): Promise<string> {
  for (const replica of ['sessions-1', 'sessions-2']) await runner.command('restart', replica);
  return `${held.length} games on ${HOME} as it began`;
}

const SESSIONS_FAULTS = [
  `kill -9 ${HOME} holding ${GAMES} games, mid-move`,
  'rolling restart of sessions',
];

const FAULTS: Fault[] = [
  { name: SESSIONS_FAULTS[0]!, before: holdGames, run: killMidMove },
  { name: SESSIONS_FAULTS[1]!, before: holdGames, run: rollingRestart },
  ...PROCESSES.map((name) => ({
    name: `kill -9 ${name}`,
    run: async () => void (await runner.kill(name)),
  })),
  ...['postgres', 'redis', 'nats'].map((store) => ({
    name: `restart ${store} (1 s down)`,
    run: async () => void (await runner.restartStore(store, 1000)),
  })),
  ...['gateway-1', 'sessions-1', 'scores-1', 'ads-2', 'realtime-2'].map((replica) => ({
    name: `network cut of ${replica}`,
    async run() {
      await runner.cut(replica);
      // The other replica serves meanwhile: every player finishes a game during the cut.
      await progress(PLAYERS);
      await runner.heal(replica);
    },
  })),
];

async function findings(advertiserPayments: Promise<unknown>): Promise<Findings> {
  await advertiserPayments;
  // A read of each board rebuilds it if Redis lost it (its `built` marker gone), as any reader's would.
  const reader = new ApiClient(site);
  const hiccups: Hiccups = {};
  await persist(hiccups, () => reader.get('/api/scores/top?limit=1'));
  const weeks = await persist(hiccups, () =>
    reader.get<Array<{ id: string }>>('/api/weekly-leaderboards'),
  );
  for (const week of weeks.json) {
    await persist(hiccups, () =>
      reader.get(`/api/weekly-leaderboards/${week.id}/top-scores?limit=1`),
    );
  }
  return {
    scores: await stores.scores(load.accepted),
    awards: await stores.awards(load.accepted),
    impressions: await (async () => {
      const stored = await stores.impressionsStored(adId);
      const accepted = load.impressions.size;
      return {
        accepted,
        stored,
        lost: Math.max(0, accepted - stored),
        duplicated: Math.max(0, stored - accepted),
      };
    })(),
    payments: await stores.payments(stripe),
    boardMismatches: await stores.boardMismatches(),
    outboxes: await stores.outboxes(),
    games: await stores.games(games.games, games.accepted),
  };
}

/** Each game's counters as a round begins, to tell what the round did to it. */
type GameCounters = Map<PlayedGame, { cuts: number; resent: number; acks: number }>;
const countersOf = (): GameCounters =>
  new Map(games.games.map((g) => [g, { cuts: g.cuts, resent: g.resent, acks: g.acks }]));

function roundOf(before: GameCounters): GameRound {
  const round: GameRound = { cut: 0, continued: 0, resent: 0, acks: 0 };
  for (const game of games.games) {
    const was = before.get(game) ?? { cuts: 0, resent: 0, acks: 0 };
    round.resent += game.resent - was.resent;
    round.acks += game.acks - was.acks;
    if (game.cuts === was.cuts) continue;
    round.cut += 1;
    if (!game.waiting) round.continued += 1;
  }
  return round;
}

/** Everything settled: what is still on its way (outboxes, consumers, counter flushes) arrived. */
const settled = (f: Findings) =>
  f.scores.lost === 0 &&
  f.awards.lost === 0 &&
  f.awards.firstGameMissing === 0 &&
  f.impressions.lost === 0 &&
  f.payments.lost === 0 &&
  f.boardMismatches.length === 0 &&
  Object.values(f.outboxes).every((n) => n === 0) &&
  load.openSockets() === SOCKETS &&
  f.games.scores.lost === 0 &&
  games.games.every((g) => !g.waiting);

test.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s', async (_name, fault) => {
  await fault.before?.();
  const acceptedBefore = load.accepted.length;
  const reconnectsBefore = load.reconnects();
  const hiccupsBefore = { ...load.hiccups };
  const errorsBefore = load.errors.length;
  const gameErrorsBefore = games.errors.length;
  const gamesBefore = countersOf();
  // A payment goes on while the fault happens.
  const paymentHiccups: Hiccups = {};
  const advertiser = steadfast(new ApiClient(site), paymentHiccups);
  const paymentErrors: string[] = [];
  const payment = (async () => {
    await register(advertiser, 'faultpay');
    await payForAd(advertiser, paymentHiccups);
  })().catch((error: Error) => paymentErrors.push(`payment: ${error.message}`));

  const startedAt = Date.now();
  const note = (await fault.run()) ?? undefined;
  const downMs = Date.now() - startedAt;
  const healedAt = Date.now();
  // The load goes on after healing, then stops to be counted.
  await progress(PLAYERS);
  await load.pause();
  let last: Findings | undefined;
  try {
    await eventually(
      async () => {
        last = await findings(payment);
        return settled(last);
      },
      { timeoutMs: 120_000, intervalMs: 500 },
    );
  } catch {
    // Recorded as it stands: the row shows what did not settle, and the assertions fail.
  }
  const findingsNow = last ?? (await findings(payment));
  const status = await runner.status();
  const retried: Record<string, number> = {};
  for (const [kind, n] of Object.entries(load.hiccups)) {
    const delta = n - (hiccupsBefore[kind] ?? 0);
    if (delta > 0) retried[kind] = delta;
  }
  for (const [kind, n] of Object.entries(paymentHiccups)) retried[kind] = (retried[kind] ?? 0) + n;
  const row: FaultRow = {
    fault: fault.name,
    note,
    downMs,
    settledMs: Date.now() - healedAt,
    roundAccepted: load.accepted.length - acceptedBefore,
    findings: findingsNow,
    games: roundOf(gamesBefore),
    reconnects: load.reconnects() - reconnectsBefore,
    openSockets: load.openSockets(),
    sockets: SOCKETS,
    processesDown: status.down,
    retried,
    errors: [
      ...load.errors.slice(errorsBefore),
      ...games.errors.slice(gameErrorsBefore),
      ...paymentErrors,
    ],
  };
  rows.push(row);
  try {
    writeReport(REPORT, rows, setupText());
  } finally {
    load.resume();
  }

  expect(row.errors).toEqual([]);
  // An outage is answered 503 (retry later), never 500.
  expect(row.retried['500'] ?? 0).toBe(0);
  expect(findingsNow.scores).toMatchObject({ lost: 0, duplicated: 0 });
  expect(findingsNow.awards).toMatchObject({ lost: 0, duplicated: 0, firstGameMissing: 0 });
  expect(findingsNow.impressions).toMatchObject({ lost: 0, duplicated: 0 });
  expect(findingsNow.payments).toMatchObject({ lost: 0, duplicated: 0 });
  expect(findingsNow.boardMismatches).toEqual([]);
  expect(Object.values(findingsNow.outboxes).every((n) => n === 0)).toBe(true);
  expect(row.openSockets).toBe(SOCKETS);
  expect(status.down).toEqual([]);
  // The games: nothing told durable lost, nothing told contradicted, every game cut went on
  // (on another process, or the same one started again) with the board its player saw.
  const played = findingsNow.games;
  expect(played.actions).toMatchObject({ lost: 0 });
  expect(played.contradictions).toEqual([]);
  expect(played.viewMismatches).toEqual([]);
  expect(played.scores).toMatchObject({ lost: 0, duplicated: 0 });
  expect(row.games.continued).toBe(row.games.cut);
  if (SESSIONS_FAULTS.includes(fault.name)) expect(row.games.cut).toBeGreaterThanOrEqual(GAMES);
});

function setupText(): string {
  return [
    `Setup: two replicas each of gateway, sessions, scores, realtime and ads, one of auth and`,
    `content (scripts/scale/), on the suite's own PostgreSQL, Redis (append-only file, as`,
    `deployed) and NATS JetStream; ${PLAYERS} registered players playing short verified games`,
    `without pause through the front balancer (each also posting the running ad's impression`,
    `when offered it), ${SOCKETS} sockets subscribed to 'scores', and an ad order paid through the`,
    `Stripe stand-in during each fault (its webhook delivered until answered, then once more).`,
    `Besides, ${GAME_CLIENTS} clients play guest games (10 to 25 swaps, then the end, at a`,
    `person's pace) on /ws/game?session=<id> through the game ingress (the Ingress's hash of`,
    `the session), as the page does: each keeps the actions not yet told durable and sends them`,
    `again in order after a cut. They play only games whose sockets reach ${HOME} while both`,
    `replicas are up, so that before each sessions fault ${HOME} holds ${GAMES} games in progress.`,
    `Clients retry lost connections, 5xx and 429 with the same request. A process is killed with`,
    `SIGKILL and its supervisor starts it again; a rolling restart takes each sessions replica`,
    `out of its balancers, sends it SIGTERM (it answers what is in flight, closes its game`,
    `sockets, writes its log) and routes to it again once its replacement is ready; a store is`,
    `stopped (PostgreSQL: immediate, so it recovers from its WAL; Redis and NATS: SIGTERM), kept`,
    `down 1 s and started on its data; a network cut resets the replica's connections at its`,
    `balancer or link and refuses new ones until every player has finished a game without it.`,
  ].join('\n');
}
