import type { Knex } from '@ballmatch/platform';

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface KnexPgClient {
  acquireConnection(): Promise<PgConnection>;
  releaseConnection(connection: PgConnection): Promise<void>;
}

/**
 * Runs a named prepared statement on one of knex's pooled connections (which already have the
 * service's search_path): PostgreSQL parses and plans it once per connection instead of on
 * every call. For the hot paths only; everything else goes through knex.
 */
export async function prepared<R>(
  db: Knex,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const client = db.client as unknown as KnexPgClient;
  const connection = await client.acquireConnection();
  try {
    return (await connection.query({ name, text, values })).rows as R[];
  } finally {
    await client.releaseConnection(connection);
  }
}
