import { createConsumedEventsTable, type Knex } from '@ballmatch/platform';

/**
 * Review (docs/architecture.md 'Review'): a score from a suspicious session is stored but held,
 * on no board, until an admin clears it (then it is shown with its original time) or rejects
 * it. Also what this service consumes from the sessions service: its flags (a late flag holds
 * a score already accepted) and its finished games (the completed-game statistics).
 */
export async function up(db: Knex): Promise<void> {
  // 'accepted' and 'cleared' are shown; 'held' and 'rejected' are not. Existing scores were
  // accepted. `announced`: scores.created was written (once per score, whenever it is shown).
  await db.raw(`
    ALTER TABLE scores
      ADD COLUMN review_state text NOT NULL DEFAULT 'accepted'
        CHECK (review_state IN ('accepted', 'held', 'cleared', 'rejected')),
      ADD COLUMN held_at timestamptz,
      ADD COLUMN held_reason text,
      ADD COLUMN reviewed_at timestamptz,
      ADD COLUMN reviewed_by text,
      ADD COLUMN review_reason text,
      ADD COLUMN announced boolean NOT NULL DEFAULT true`);
  // The review queue: few rows, read newest first.
  await db.raw(
    "CREATE INDEX scores_review_idx ON scores (review_state, held_at DESC) WHERE review_state <> 'accepted'",
  );

  // Sessions the sessions service flagged (session.flagged): a submission of one is held even
  // if the flag came between the sessions read and the insert.
  await db.raw(`
    CREATE TABLE flagged_sessions (
      session_id text PRIMARY KEY,
      source text NOT NULL,
      type text NOT NULL,
      details text NOT NULL,
      flagged_at timestamptz NOT NULL
    )`);

  // Finished ranked games already counted in the statistics (session.finished): once each.
  await db.raw(`
    CREATE TABLE finished_sessions (
      session_id text PRIMARY KEY,
      finished_at timestamptz NOT NULL,
      game_seconds double precision NOT NULL
    )`);

  await createConsumedEventsTable(db);
}

export async function down(db: Knex): Promise<void> {
  for (const table of ['consumed_events', 'finished_sessions', 'flagged_sessions']) {
    await db.schema.dropTableIfExists(table);
  }
  await db.raw('DROP INDEX IF EXISTS scores_review_idx');
  await db.raw(`
    ALTER TABLE scores
      DROP COLUMN review_state, DROP COLUMN held_at, DROP COLUMN held_reason,
      DROP COLUMN reviewed_at, DROP COLUMN reviewed_by, DROP COLUMN review_reason,
      DROP COLUMN announced`);
}
