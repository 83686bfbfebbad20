import type { Knex } from '@ballmatch/platform';

/**
 * Counts each account's usernames (1 at registration, one more at each rename), sent with
 * user.named and in NameService's ListNames: the scores service keeps its table of who owns
 * which name from both, in whatever order they reach it, by keeping the highest.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE users ADD COLUMN name_version integer NOT NULL DEFAULT 1');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE users DROP COLUMN name_version');
}
