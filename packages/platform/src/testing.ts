import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import knex from 'knex';
import { createKnex, ensureDatabase, type Knex, type Migrations } from './db';
import { bearer } from './grpc/caller';
import type { AsyncClient, CallOpts } from './grpc/client';
import { loadPrivateKey, signSessionToken } from './jwt';
import { connectEventBus, type EventBus } from './nats';
import { connectRedis, type Redis } from './redis';
import {
  createServiceCredential,
  loadServicePrivateKey,
  type ServiceCredential,
  type ServiceName,
} from './grpc/service-identity';
import { startTracing } from './tracing';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace';

export type { ReadableSpan };
export { freePorts } from './free-ports';
export { catchMail, type CaughtMail, type MailCatcher } from './mail-catcher';

/**
 * Isolation for test runs that share one PostgreSQL, Redis and NATS: each gets its own
 * database, Redis key prefix and NATS subject prefix, so runs never see each other's data.
 */
export function uniqueId(): string {
  return `${process.pid}_${randomBytes(4).toString('hex')}`;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function createTestDatabase(label = 'test'): Promise<TestDatabase> {
  const url = new URL(baseUrl);
  url.pathname = `/bm_${label}_${uniqueId()}`;
  await ensureDatabase(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const admin = new URL(baseUrl);
      admin.pathname = '/postgres';
      const db = knex({ client: 'pg', connection: admin.toString(), pool: { min: 0, max: 1 } });
      try {
        await db.raw('DROP DATABASE IF EXISTS ?? WITH (FORCE)', [url.pathname.slice(1)]);
      } finally {
        await db.destroy();
      }
    },
  };
}

export function testRedisPrefix(): string {
  return `test:${uniqueId()}:`;
}

export function testNatsPrefix(): string {
  return `test_${uniqueId()}.`;
}

/** The environment testServiceEnv answers: its prefixes are always there. */
export type TestServiceEnv = NodeJS.ProcessEnv & {
  REDIS_KEY_PREFIX: string;
  NATS_SUBJECT_PREFIX: string;
};

/**
 * The environment of a service started in a test: quiet (DEBUG_LOG sets the level), on any free
 * gRPC port, on `databaseUrl`, with a Redis key prefix and NATS subject prefix of its own, and
 * the run's keys (`keys.env`). `more` adds or overrides (prefixes shared with other services).
 */
export function testServiceEnv(
  databaseUrl: string,
  keys: { env: { JWT_DEV_KEY_DIR: string } },
  more: NodeJS.ProcessEnv = {},
): TestServiceEnv {
  return {
    ...keys.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    DATABASE_URL: databaseUrl,
    REDIS_KEY_PREFIX: testRedisPrefix(),
    NATS_SUBJECT_PREFIX: testNatsPrefix(),
    ...more,
  } as TestServiceEnv;
}

/** What a harness starts one service on (prepareTestService). */
export interface TestService {
  env: TestServiceEnv;
  database: TestDatabase;
  credentials: TestCredentials;
  /** Drops the database and deletes the keys (once the service has stopped). */
  remove(): Promise<void>;
}

/** A database of its own (`label` in its name), the run's keys, and testServiceEnv on them. */
export async function prepareTestService(
  label: string,
  more: NodeJS.ProcessEnv = {},
): Promise<TestService> {
  const database = await createTestDatabase(label);
  const credentials = createTestCredentials();
  return {
    env: testServiceEnv(database.url, credentials, more),
    database,
    credentials,
    async remove() {
      await database.drop();
      credentials.remove();
    },
  };
}

/** NATS on a service's subject prefix (its env's), to hear what it publishes or publish to it. */
export function connectTestBus(
  env: { NATS_SUBJECT_PREFIX?: string },
  name: string,
): Promise<EventBus> {
  return connectEventBus({
    url: 'nats://127.0.0.1:4222',
    subjectPrefix: env.NATS_SUBJECT_PREFIX ?? '',
    name,
  });
}

/** Redis with a service's key prefix (its env's); `flush` deletes that prefix's keys only. */
export async function connectTestRedis(env: {
  REDIS_KEY_PREFIX: string;
}): Promise<Redis & { flush(): Promise<void> }> {
  const redis = await connectRedis({
    url: 'redis://127.0.0.1:6379',
    keyPrefix: env.REDIS_KEY_PREFIX,
  });
  return Object.assign(redis, {
    async flush() {
      // KEYS takes the whole pattern (ioredis does not prefix it): only this prefix's keys.
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length) await redis.del(...keys.map((k) => k.slice(env.REDIS_KEY_PREFIX.length)));
    },
  });
}

/** The clients a harness opens, closed together when it closes. */
export function clientList() {
  const opened: { close(): void }[] = [];
  return {
    /** Keeps `client` to close, and answers it. */
    track<C extends { close(): void }>(client: C): C {
      opened.push(client);
      return client;
    },
    closeAll(): void {
      opened.splice(0).forEach((client) => client.close());
    },
  };
}

/**
 * A throwaway signing key for a test run (services read it through JWT_DEV_KEY_DIR) and
 * `authorization` values made with it, as the gateway forwards them.
 */
export interface TestCredentials {
  /** Give this to every service of the run. */
  env: { JWT_DEV_KEY_DIR: string };
  /** A fresh token of a new user with that role (`ttlSeconds` < 0: already expired). */
  issue(
    role: 'user' | 'admin',
    options?: { userId?: string; ttlSeconds?: number },
  ): Promise<{
    /** The session token itself; `authorization` is it as a bearer value. */
    token: string;
    authorization: string;
    userId: string;
    tokenId: string;
    expiresAt: number;
  }>;
  /**
   * The identity of service `name` with this run's development service key (the one the
   * services of the run trust), as that service's gRPC clients carry it.
   */
  service(name: ServiceName): ServiceCredential;
  /** Deletes the key (only one this made). */
  remove(): void;
}

/** `keyDir`: sign with the key already there (another harness's); else a new one. */
export function createTestCredentials(keyDir?: string): TestCredentials {
  const own = keyDir === undefined;
  const dir = keyDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
  const privateKey = loadPrivateKey(undefined, dir);
  return {
    env: { JWT_DEV_KEY_DIR: dir },
    async issue(role, { userId = randomUUID(), ttlSeconds = 3600 } = {}) {
      const signed = await signSessionToken(privateKey, { userId, role }, ttlSeconds);
      return { ...signed, authorization: bearer(signed.token), userId };
    },
    service: (name) =>
      createServiceCredential({ name, privateKey: loadServicePrivateKey(name, undefined, dir) }),
    remove: () => {
      if (own) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A client whose requests may say the browser's address, as the gateway's calls do. */
export type WithClientAddress<T> = {
  [K in keyof T]: T[K] extends (request: infer Req, opts?: CallOpts) => Promise<infer Res>
    ? (request: Req & { clientAddress?: string }, opts?: CallOpts) => Promise<Res>
    : T[K];
};

/**
 * Calls as the gateway makes them: a request's `clientAddress` goes in the x-client-address
 * metadata (the client must carry the gateway's identity: `credentials.service('gateway')`).
 */
export function withClientAddress<C>(client: AsyncClient<C>): WithClientAddress<AsyncClient<C>> {
  const wrapped: Record<string, unknown> = {};
  const methods = client as unknown as Record<string, (req: unknown, o: CallOpts) => unknown>;
  for (const [name, method] of Object.entries(methods)) {
    wrapped[name] =
      name === 'close'
        ? method
        : ({ clientAddress, ...request }: { clientAddress?: string }, opts: CallOpts = {}) =>
            method(request, {
              clientAddress,
              ...opts,
            });
  }
  return wrapped as WithClientAddress<AsyncClient<C>>;
}

export interface EventuallyOptions {
  /** How long to keep trying; then the wait fails with the check's last error. */
  timeoutMs: number;
  /** Pause between two tries (default 25 ms). */
  intervalMs?: number;
}

/**
 * Waits for a condition, never for a fixed time: calls `check` (sync or async) until it passes,
 * that is returns anything but `false` without throwing, and resolves with what it returned.
 * A check that throws (an `expect` that does not hold yet) or returns `false` is tried again
 * after `intervalMs`; once `timeoutMs` have passed, `eventually` fails with the last error (its
 * message, and the error itself as `cause`). A try still running at the deadline has failed.
 *
 *   await eventually(() => expect(client.updates()).toHaveLength(2), { timeoutMs: 5000 });
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  { timeoutMs, intervalMs = 25 }: EventuallyOptions,
): Promise<Exclude<T, false>> {
  const deadline = Date.now() + timeoutMs;
  let tries = 0;
  let last: unknown;
  for (;;) {
    tries += 1;
    let timer: NodeJS.Timeout | undefined;
    try {
      const value = await Promise.race([
        Promise.resolve().then(check),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error('the check was still running at the deadline')),
            Math.max(0, deadline - Date.now()),
          );
        }),
      ]);
      if (value !== false) return value as Exclude<T, false>;
      last = new Error('the check returned false');
    } catch (error) {
      last = error;
    } finally {
      clearTimeout(timer);
    }
    const left = deadline - Date.now();
    if (left <= 0) break;
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
  const reason = last instanceof Error ? last.message : String(last);
  const counted = tries === 1 ? '1 try' : `${tries} tries`;
  throw new Error(`eventually: still failing after ${timeoutMs} ms (${counted}): ${reason}`, {
    cause: last,
  });
}

/** A clock tests can stop at any instant and move; it runs with real time until set. */
export class TestClock {
  private fixed: number | null = null;
  set(at: Date | string | number): void {
    this.fixed = new Date(at).getTime();
  }
  advance(ms: number): void {
    if (this.fixed === null) throw new Error('set the clock before moving it');
    this.fixed += ms;
  }
  real(): void {
    this.fixed = null;
  }
  /** For services that take `now(): Date`. */
  now = (): Date => new Date(this.nowMs());
  /** For code that takes `now(): number` (epoch ms). */
  nowMs = (): number => this.fixed ?? Date.now();
}

/**
 * Records this process's spans in memory (tracing on, exported at each span's end), for tests
 * that follow a trace across services started in the test process.
 */
export function recordSpans(): { spans(): ReadableSpan[]; stop(): Promise<void> } {
  const exporter = new InMemorySpanExporter();
  const tracing = startTracing({
    service: 'test',
    processor: new SimpleSpanProcessor({ exporter }),
  });
  return { spans: () => exporter.getFinishedSpans(), stop: () => tracing.stop() };
}

/** A PNG chunk: length, type, data and its CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A tiny PNG whose header declares these dimensions, its pixels never there (a decompression
 * bomb's shape): what the ads service and the gateway's uploads must refuse.
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Jest's hooks for a test file (its globals; this file is compiled without jest's types). */
const fileHooks = globalThis as unknown as {
  beforeAll(fn: () => Promise<void>, timeoutMs?: number): void;
  afterAll(fn: () => Promise<void>): void;
};

/**
 * What a test file starts once (a service's harness): started by `start` before the file's
 * tests and the beforeAll hooks declared after this call, closed after its tests. The answer
 * stands for it from then on (what it reads and writes is the harness's own, as it is then:
 * a harness that replaces a field of its own, as a restart does, is seen replaced). Something
 * to close before it: an afterAll declared before this call.
 */
export function perFile<T extends { close(): unknown }>(
  start: () => Promise<T>,
  /** The start's time limit (the run's hook timeout unless given). */
  timeoutMs?: number,
): T {
  let started: T | undefined;
  const current = (): T => {
    if (!started) throw new Error('perFile: read before its beforeAll started it');
    return started;
  };
  fileHooks.beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  fileHooks.afterAll(async () => {
    // Nothing to close when the start failed (jest reports that failure).
    await started?.close();
  });
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key),
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
  });
}

/**
 * A test of one service's data migrations: a database of its own, `schema` on it, for `run`
 * (dropped afterwards, whatever `run` did).
 */
export async function onTestDatabase<T>(schema: string, run: (db: Knex) => Promise<T>): Promise<T> {
  const database = await createTestDatabase(schema);
  const db = createKnex({ url: database.url, schema });
  try {
    return await run(db);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

/** A service's migrations up to and including `last` (by name: they run in name order). */
export const migrationsUpTo = (migrations: Migrations, last: string): Migrations =>
  Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last));
