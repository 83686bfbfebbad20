import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callEnv, cookieAfter, readAnswer, type StackPorts } from '@ballmatch/kit';
import {
  catchMail,
  createTestDatabase,
  testNatsPrefix,
  testRedisPrefix,
  TestClock,
  type MailCatcher,
} from '@ballmatch/platform/testing';
import { start as startAds, type RunningAds } from '../../services/ads/src';
import { startStripeStandIn, type StripeStandIn } from '../../services/ads/test/stripe-stand-in';
import { start as startAuth, type RunningAuth } from '../../services/auth/src';
import { start as startContent, type RunningContent } from '../../services/content/src';
import { start as startScores } from '../../services/scores/src';
import { start as startSessions } from '../../services/sessions/src';
import { start as startRealtime, type RunningRealtime } from '../../services/realtime/src';
import { start as startGateway, type RunningGateway } from '../src';
import { writeWebBuild } from './web-build';

/** The gateways' clock: real time until a test sets it, then standing still until moved. */
/**
 * The real auth, sessions, scores, ads, content and realtime services and the gateway in this
 * test process, sharing a fresh database, Redis prefix and key pair; ads pays through a local Stripe
 * stand-in; a tiny stand-in web build so the SPA fallback can be seen.
 */
export interface Stack {
  url: string;
  authPort: number;
  gatewayEnv: NodeJS.ProcessEnv;
  authEnv: NodeJS.ProcessEnv;
  /** The realtime service behind /ws; it hears the scores service's events. */
  realtime: RunningRealtime;
  /** The ads service (its counters can be flushed at once). */
  ads: RunningAds;
  /** The local Stripe the ads service pays through: sessions, refunds, signed events. */
  stripe: StripeStandIn;
  /** The content service (its scheduler's step can be run at once). */
  content: RunningContent;
  /** The local SMTP server auth mails through (password reset links). */
  mail: MailCatcher;
  /**
   * The clock of every gateway started here: the rate limits count their minutes on it, and
   * cached reads (READ_CACHE_MS) live on it.
   */
  clock: TestClock;
  stopAuth(): Promise<void>;
  restartAuth(): Promise<void>;
  startExtraGateway(extra?: NodeJS.ProcessEnv): Promise<RunningGateway>;
  close(): Promise<void>;
}

export async function startStack(
  gatewayExtra: NodeJS.ProcessEnv = {},
  options: {
    scoresClock?: () => Date;
    /** The sessions service's clock: it times the actions of ranked games. */
    sessionsClock?: () => Date;
    /** The ads service's clock: runs start and end, offers expire, days are counted by it. */
    adsClock?: () => Date;
    /** The content service's clock: what is published is decided by it. */
    contentClock?: () => Date;
  } = {},
): Promise<Stack> {
  const database = await createTestDatabase('gateway');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  writeWebBuild(webDist);
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  const common = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    REDIS_KEY_PREFIX: testRedisPrefix(),
    JWT_DEV_KEY_DIR: keyDir,
  };
  // Auth, sessions and scores publish on it, scores consumes the others' events, realtime
  // listens.
  const eventsPrefix = testNatsPrefix();
  // What each gRPC service is given: a port of its own, the test database and the events.
  const service = {
    ...common,
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    NATS_SUBJECT_PREFIX: eventsPrefix,
  };
  const mail = await catchMail();
  const authEnv: NodeJS.ProcessEnv = {
    ...service,
    ADMIN_USERNAME: 'chief',
    ADMIN_PASSWORD: 'admin-password-1',
    ...mail.env,
  };
  let auth: RunningAuth | undefined = await startAuth(authEnv);
  const authPort = auth.port;
  authEnv.GRPC_PORT = String(authPort);
  // Each process's port once it listens; the addresses each is given come from the stack's
  // list (@ballmatch/kit), as every other stack's do.
  const ports: StackPorts = { authPort };
  const stripe = await startStripeStandIn();
  const ads = await startAds(
    {
      ...service,
      ...callEnv('ads', ports),
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      // Runs start and end by the test's clock: served as soon as it moves.
      ADS_SERVING_CACHE_MS: '0',
    },
    { now: options.adsClock },
  );
  ports.adsPort = ads.port;
  const sessions = await startSessions(
    {
      ...service,
      ...callEnv('sessions', ports),
      GAME_WS_PORT: '0',
      // As deployed: the gateway's X-Forwarded-For is the game socket's client address.
      TRUST_PROXY: '1',
    },
    { now: options.sessionsClock },
  );
  ports.sessionsPort = sessions.port;
  ports.sessionsWsPort = sessions.gameWsPort;
  const scores = await startScores(
    {
      ...service,
      ...callEnv('scores', ports),
    },
    { now: options.scoresClock },
  );
  ports.scoresPort = scores.port;
  const content = await startContent(
    {
      ...service,
    },
    { now: options.contentClock },
  );
  ports.contentPort = content.port;
  const realtime = await startRealtime({
    ...common,
    HOST: '127.0.0.1',
    PORT: '0',
    NATS_SUBJECT_PREFIX: eventsPrefix,
    TRUST_PROXY: '1',
  });
  ports.realtimePort = realtime.port;
  const gatewayEnv: NodeJS.ProcessEnv = {
    ...common,
    HOST: '127.0.0.1',
    PORT: '0',
    ...callEnv('gateway', ports),
    WEB_DIST: webDist,
    // Every gateway of the stack (extras too) shares it, as replicas do.
    AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64url'),
    ...gatewayExtra,
  };
  const clock = new TestClock();
  const gateway = await startGateway(gatewayEnv, { now: clock.nowMs });
  const extras: RunningGateway[] = [];
  return {
    url: `http://127.0.0.1:${gateway.port}`,
    authPort,
    gatewayEnv,
    authEnv,
    realtime,
    ads,
    stripe,
    content,
    mail,
    clock,
    async stopAuth() {
      await auth?.stop();
      auth = undefined;
    },
    async restartAuth() {
      auth = await startAuth(authEnv);
    },
    async startExtraGateway(extra = {}) {
      const g = await startGateway({ ...gatewayEnv, ...extra }, { now: clock.nowMs });
      extras.push(g);
      return g;
    },
    async close() {
      for (const g of extras) await g.stop();
      await gateway.stop();
      await realtime.stop();
      await auth?.stop({ deleteStreams: true });
      await scores.stop({ deleteStreams: true });
      await sessions.stop({ deleteStreams: true });
      await ads.stop({ deleteStreams: true });
      await content.stop({ deleteStreams: true });
      await stripe.close();
      await mail.close();
      await database.drop();
      for (const dir of [keyDir, webDist]) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The stack of a test file: started (with startStack's arguments) before the file's tests and
 * its own beforeAll hooks, closed after them. Its fields are there from then on.
 */
export function stackPerFile(...args: Parameters<typeof startStack>): Stack {
  const stack = {} as Stack;
  beforeAll(async () => {
    Object.assign(stack, await startStack(...args));
  }, 60_000);
  afterAll(() => stack.close?.());
  return stack;
}

/** A paged list's answer when nothing matches. */
export const EMPTY_PAGE = {
  data: [],
  pagination: { currentPage: 1, totalPages: 0, total: 0, hasNextPage: false, hasPrevPage: false },
};

/** fetch with a cookie jar of one session cookie, JSON in and out. */
export function client(base: string, origin?: string) {
  let cookie = '';
  async function request(
    method: string,
    p: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(base + p, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...(origin ? { origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    cookie = cookieAfter(res, cookie);
    return {
      ...(await readAnswer<Record<string, unknown>>(res)),
      setCookie: res.headers.get('set-cookie'),
    };
  }
  return {
    get: (p: string, headers?: Record<string, string>) => request('GET', p, undefined, headers),
    post: (p: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', p, body, headers),
    patch: (p: string, body?: unknown, headers?: Record<string, string>) =>
      request('PATCH', p, body, headers),
    put: (p: string, body?: unknown, headers?: Record<string, string>) =>
      request('PUT', p, body, headers),
    delete: (p: string, body?: unknown, headers?: Record<string, string>) =>
      request('DELETE', p, body, headers),
    get cookie() {
      return cookie;
    },
    set cookie(value: string) {
      cookie = value;
    },
  };
}
