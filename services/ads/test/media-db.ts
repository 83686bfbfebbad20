import { createKnex, migrateLatest, type Knex } from '@ballmatch/platform';
import { createTestDatabase } from '@ballmatch/platform/testing';
import { migrations } from '../src/migrations';

/** A database of its own with the service's tables (the media ones are migration 002). */
export async function openMediaDatabase(): Promise<{
  db: Knex;
  /** Rows in a table: a refused upload must leave none behind. */
  count(table: 'objects' | 'icons'): Promise<number>;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase('ads_media');
  const db = createKnex({ url: database.url, schema: 'ads' });
  await migrateLatest(db, 'ads', migrations);
  return {
    db,
    async count(table) {
      const [row] = await db(table).count<{ count: string }[]>({ count: '*' });
      return Number(row!.count);
    },
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}
