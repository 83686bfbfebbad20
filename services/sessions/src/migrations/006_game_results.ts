import type { Knex } from '@ballmatch/platform';

/**
 * An ended game's result, signed once when it ends (platform's game-result.ts) and kept with
 * it: every later read by its owner answers the same token, and nothing signs it again.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE games ADD COLUMN result text');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE games DROP COLUMN result');
}
