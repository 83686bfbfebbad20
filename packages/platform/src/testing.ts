import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { ensureDatabase } from './db';
import { bearer } from './grpc/caller';
import type { AsyncClient, CallOpts } from './grpc/client';
import { loadPrivateKey, signSessionToken } from './jwt';
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
  ): Promise<{ authorization: string; userId: string; tokenId: string; expiresAt: number }>;
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
