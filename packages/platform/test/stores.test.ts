import type { Knex } from 'knex';
import {
  connectEventBus,
  connectRedis,
  createKnex,
  isSessionRevoked,
  isTokenRevoked,
  LONGEST_TOKEN_LIFE_SECONDS,
  migrateLatest,
  revokeToken,
  signOutEverywhere,
  type EventBus,
  type Redis,
} from '../src';
import {
  createTestDatabase,
  testNatsPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../src/testing';

describe('PostgreSQL: per-service schema and migrations', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase('platform');
    db = createKnex({ url: database.url, schema: 'demo' });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('creates the schema, applies migrations once, in order, even when raced', async () => {
    const migrations = {
      '001_things': {
        up: (k: Knex) => k.schema.createTable('things', (t) => t.increments('id')),
        down: (k: Knex) => k.schema.dropTable('things'),
      },
      '002_name': {
        up: (k: Knex) => k.schema.alterTable('things', (t) => t.text('name')),
        down: (k: Knex) => k.schema.alterTable('things', (t) => t.dropColumn('name')),
      },
    };
    const other = createKnex({ url: database.url, schema: 'demo' });
    await Promise.all([
      migrateLatest(db, 'demo', migrations),
      migrateLatest(other, 'demo', migrations),
    ]);
    await other.destroy();
    await db('things').insert({ name: 'ball' });
    const rows = await db.raw(
      "SELECT table_schema FROM information_schema.tables WHERE table_name = 'things'",
    );
    expect(rows.rows).toEqual([{ table_schema: 'demo' }]);
    expect(await db('knex_migrations').count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});

describe('Redis: prefixed keys and token revocation', () => {
  let redis: Redis;
  const prefix = testRedisPrefix();

  beforeAll(async () => {
    redis = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: prefix });
  });
  afterAll(async () => {
    const keys = await redis.keys('*'); // returns full keys, prefix included
    if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
    redis.disconnect();
  });
  /** When a key expires (ms since the epoch). */
  const expiryOf = async (key: string) => Number(await redis.call('PEXPIRETIME', key));

  it('revokes a token until it would have expired', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    expect(await isTokenRevoked(redis, 'jti-1')).toBe(false);
    const before = Date.now();
    await revokeToken(redis, 'jti-1', expiresAt);
    const after = Date.now();
    expect(await isTokenRevoked(redis, 'jti-1')).toBe(true);
    // Kept until the token's expiry, read as a moment (a TTL shrinks while a busy machine takes
    // its time): counted in whole seconds from the call, it may outlast the token by the call's
    // time and part of a second, never fall short of it.
    const until = await expiryOf('auth:revoked:jti-1');
    expect(until).toBeGreaterThanOrEqual(expiresAt * 1000);
    expect(until).toBeLessThan(expiresAt * 1000 + (after - before) + 1000);
  });

  it('signs an account out everywhere: its tokens issued up to the mark are void, later ones not', async () => {
    const token = (userId: string, issuedAt: number, tokenId = `jti-${issuedAt}`) => ({
      userId,
      tokenId,
      issuedAt,
    });
    expect(await isSessionRevoked(redis, token('user-1', 1_000))).toBe(false);
    const before = Date.now();
    expect(await signOutEverywhere(redis, 'user-1', 5_000)).toBe(5_000);
    const after = Date.now();
    expect(await isSessionRevoked(redis, token('user-1', 4_999))).toBe(true);
    expect(await isSessionRevoked(redis, token('user-1', 5_000))).toBe(true);
    expect(await isSessionRevoked(redis, token('user-1', 5_001))).toBe(false);
    // Other accounts are untouched; a logged-out token stays void whatever its time.
    expect(await isSessionRevoked(redis, token('user-2', 1_000))).toBe(false);
    await revokeToken(redis, 'jti-9000', Math.floor(Date.now() / 1000) + 60);
    expect(await isSessionRevoked(redis, token('user-1', 9_000))).toBe(true);
    // A late, older mark never moves it back; the mark lasts as long as any token may.
    expect(await signOutEverywhere(redis, 'user-1', 3_000)).toBe(5_000);
    expect(await isSessionRevoked(redis, token('user-1', 4_000))).toBe(true);
    const until = await expiryOf('auth:signed-out-before:user-1');
    expect(until).toBeGreaterThanOrEqual(before + LONGEST_TOKEN_LIFE_SECONDS * 1000);
    expect(until).toBeLessThanOrEqual(after + LONGEST_TOKEN_LIFE_SECONDS * 1000);
  });
});

describe('NATS: subjects carry the run prefix', () => {
  let bus: EventBus;
  let other: EventBus;

  beforeAll(async () => {
    bus = await connectEventBus({
      url: 'nats://127.0.0.1:4222',
      subjectPrefix: testNatsPrefix(),
      name: 'a',
    });
    other = await connectEventBus({
      url: 'nats://127.0.0.1:4222',
      subjectPrefix: testNatsPrefix(),
      name: 'b',
    });
  });
  afterAll(async () => {
    await bus.close();
    await other.close();
  });

  it('delivers within the prefix and never across runs', async () => {
    const seen: unknown[] = [];
    const leaked: unknown[] = [];
    bus.subscribe('scores.>', (payload, subject) => seen.push({ payload, subject }));
    other.subscribe('scores.>', (payload) => leaked.push(payload));
    await bus.connection.flush();
    await other.connection.flush();
    bus.publish('scores.created', { id: 'e1' });
    // NATS answers a flush after everything it routed to that connection before: once both
    // flushes are answered, e1 has reached every subscription it was going to reach.
    await bus.connection.flush();
    await other.connection.flush();
    expect(seen).toEqual([{ payload: { id: 'e1' }, subject: 'scores.created' }]);
    expect(leaked).toEqual([]);
  });
});
