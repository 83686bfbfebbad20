import type { Knex } from '@ballmatch/platform';

/**
 * The Redis boards that may lack a committed change (store/board-writes.ts): a submission
 * writes its row in the statement that stores the score, and the row goes once its Redis
 * writes are known done; review and moderation write one when theirs failed. Until then any
 * replica may drop those boards so that they are rebuilt from PostgreSQL.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE board_writes (
      id bigserial PRIMARY KEY,
      boards text[] NOT NULL,
      noted_at timestamptz NOT NULL
    )`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP TABLE IF EXISTS board_writes');
}
