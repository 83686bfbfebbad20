import knex, { type Knex } from 'knex';

export type { Knex };

/**
 * A knex instance whose queries run in the service's own schema: no service reads another's
 * tables, and tests give each run its own database.
 */
export function createKnex(options: { url: string; schema: string; poolMax?: number }): Knex {
  return knex({
    client: 'pg',
    connection: options.url,
    searchPath: [options.schema],
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 5_000,
  });
}

/**
 * A migration's check that a text `column` of `table` holds one of `values`, named
 * `<table>_<column>_check`: the one way the migrations write a column's set of values.
 */
export async function addValuesCheck(
  db: Knex,
  table: string,
  column: string,
  values: readonly string[],
): Promise<void> {
  const listed = values.map((value) => `'${value}'`).join(', ');
  await db.raw(
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check CHECK (${column} IN (${listed}))`,
  );
}

/** Migrations are modules listed in code (compiled with the service), applied in name order. */
export type Migrations = Record<string, Knex.Migration>;

export async function migrateLatest(
  db: Knex,
  schema: string,
  migrations: Migrations,
): Promise<void> {
  const names = Object.keys(migrations).sort();
  // Replicas starting together would race to create the schema and knex's own tables:
  // an advisory lock held by one transaction serialises them (migrations use other connections).
  await db.transaction(async (lock) => {
    await lock.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`migrate:${schema}`]);
    await db.raw('CREATE SCHEMA IF NOT EXISTS ??', [schema]);
    await db.migrate.latest({
      schemaName: schema,
      tableName: 'knex_migrations',
      migrationSource: {
        getMigrations: async () => names,
        getMigrationName: (name: string) => name,
        getMigration: async (name: string) => migrations[name]!,
      },
    });
  });
}

/** Creates the database named in `url` when it does not exist yet (safe to race). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsupported database name: ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const db = knex({ client: 'pg', connection: admin.toString(), pool: { min: 0, max: 1 } });
  try {
    const found = await db.raw('SELECT 1 FROM pg_database WHERE datname = ?', [name]);
    if (found.rows.length === 0) {
      await db.raw('CREATE DATABASE ??', [name]).catch((error: { code?: string }) => {
        // 42P04: created meanwhile by another process; 23505: the same race seen in pg_database.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await db.destroy();
  }
}

/** One of knex's pooled pg connections, used directly (its own statements, no query builder). */
export interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  /** Text with no values goes as a simple query: several statements, one round trip, each result. */
  query(text: string): Promise<{ rows: unknown[] } | { rows: unknown[] }[]>;
}

interface KnexPgClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/** Runs `use` on one of knex's pooled connections (which already have the service's search_path). */
export async function withPgConnection<T>(
  db: Knex,
  use: (connection: PgConnection) => Promise<T>,
): Promise<T> {
  const client = db.client as unknown as KnexPgClient;
  const connection = await client.acquireConnection();
  try {
    return await use(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Runs a named prepared statement on one of knex's pooled connections: PostgreSQL parses and
 * plans it once per connection instead of on every call. For the hot paths only; everything
 * else goes through knex.
 */
export async function preparedQuery<R>(
  db: Knex,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  return withPgConnection(
    db,
    async (connection) => (await connection.query({ name, text, values })).rows as R[],
  );
}
