import type { Knex } from '@ballmatch/platform';

/**
 * Impressions and clicks, counted in Redis and flushed here in batches (domain/counters.ts),
 * and the reward clicks of ranked games (the sessions service asks before granting extra
 * moves). No foreign key to ads: a flush must never be refused by a row it did not make.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE ad_daily_stats (
      ad_id uuid NOT NULL,
      day date NOT NULL,
      impressions bigint NOT NULL DEFAULT 0,
      clicks bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (ad_id, day)
    )`);
  // The admin statistics read every ad's days in a range.
  await db.raw('CREATE INDEX ad_daily_stats_day_idx ON ad_daily_stats (day)');

  await db.raw(`
    CREATE TABLE icon_daily_stats (
      color text NOT NULL,
      day date NOT NULL,
      impressions bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (color, day)
    )`);

  // Each Redis batch applied, by its id: a batch a crash left in Redis is applied once.
  await db.raw(`
    CREATE TABLE flushed_batches (
      id text PRIMARY KEY,
      flushed_at timestamptz NOT NULL DEFAULT now()
    )`);
  await db.raw('CREATE INDEX flushed_batches_at_idx ON flushed_batches (flushed_at)');

  // One per game session: its reward offer was followed (ad_id null: the house ad).
  await db.raw(`
    CREATE TABLE reward_clicks (
      session_id uuid PRIMARY KEY,
      offer_id text NOT NULL,
      ad_id uuid,
      clicked_at timestamptz NOT NULL
    )`);
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['reward_clicks', 'flushed_batches', 'icon_daily_stats', 'ad_daily_stats']) {
    await db.schema.dropTableIfExists(table);
  }
}
