import type { Knex } from '@ballmatch/platform';

// Game analytics read the games that ended within a range of days.
export async function up(db: Knex): Promise<void> {
  await db.raw(
    'CREATE INDEX games_finished_idx ON games (finished_at) WHERE finished_at IS NOT NULL',
  );
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX games_finished_idx');
}
