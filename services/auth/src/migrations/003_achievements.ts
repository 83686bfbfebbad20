import {
  createConsumedEventsTable,
  createOutboxTable,
  OUTBOX_TABLE,
  type Knex,
} from '@ballmatch/platform';

/**
 * Achievement badges (domain/badges.ts): the badges each player won, the verified games they
 * were judged on (counted once per score), the ids of the scores.created events applied, and
 * the outbox of `achievement.awarded`. An account's rows go with it.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE achievements (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- A badge id of domain/badges.ts; won once.
      badge text NOT NULL,
      awarded_at timestamptz NOT NULL,
      -- The score whose game won it.
      score_id text NOT NULL,
      PRIMARY KEY (user_id, badge)
    )`);
  await db.raw(`
    CREATE TABLE player_games (
      score_id text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      -- The season the score is on the board of; null outside seasons.
      season_id text,
      played_at timestamptz NOT NULL
    )`);
  await db.raw('CREATE INDEX player_games_user_idx ON player_games (user_id)');
  await createConsumedEventsTable(db);
  // auth's events may have made it already (another change brought user.deleted).
  if (!(await db.schema.hasTable(OUTBOX_TABLE))) await createOutboxTable(db);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP TABLE achievements, player_games, consumed_events');
}
