import { randomBytes } from 'node:crypto';
import knex from 'knex';
import { ensureDatabase } from './db';

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
