import { createKnex, migrateLatest, type Knex } from '@ballmatch/platform';
import { createTestDatabase } from '@ballmatch/platform/testing';
import * as media from '../src/migrations/002_media';

/** A database of its own with the media tables (migration 002) for the media and icon tests. */
export async function openMediaDatabase(): Promise<{
  db: Knex;
  /** Rows in a table: a refused upload must leave none behind. */
  count(table: 'objects' | 'icons'): Promise<number>;
  close(): Promise<void>;
}> {
  const database = await createTestDatabase('ads_media');
  const db = createKnex({ url: database.url, schema: 'ads' });
  await migrateLatest(db, 'ads', { '002_media': media });
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
