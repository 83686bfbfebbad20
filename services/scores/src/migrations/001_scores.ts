import { createOutboxTable, type Knex } from '@ballmatch/platform';

export async function up(db: Knex): Promise<void> {
  // One row per week, made on demand (INSERT ... ON CONFLICT DO NOTHING) by whoever needs it.
  await db.raw(`
    CREATE TABLE weekly_leaderboards (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      starts_at timestamptz NOT NULL UNIQUE,
      ends_at timestamptz NOT NULL,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

  // A season runs from starts_at (inclusive) to ends_at (exclusive); ending one early moves
  // ends_at. Seasons never overlap, so a moment has at most one season (checked by PostgreSQL).
  await db.raw(`
    CREATE TABLE seasons (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      ended_early_at timestamptz,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at >= starts_at),
      EXCLUDE USING gist (tstzrange(starts_at, ends_at, '[)') WITH &&)
    )`);

  await db.raw(`
    CREATE TABLE score_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reason text NOT NULL,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      scores_removed integer NOT NULL DEFAULT 0,
      restored_at timestamptz,
      restored_by text
    )`);

  // A score is also its all-time entry (on the board while not voided, not reset and its name
  // not banned) and its seasonal entry (season_id). seq orders equal scores made in the same ms.
  await db.raw(`
    CREATE TABLE scores (
      id uuid PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      session_id text NOT NULL,
      player_name text NOT NULL,
      player_key text NOT NULL,
      score integer NOT NULL CHECK (score >= 0),
      level integer NOT NULL CHECK (level >= 1),
      moves integer NOT NULL CHECK (moves >= 0),
      created_at timestamptz NOT NULL,
      week_id uuid NOT NULL REFERENCES weekly_leaderboards (id),
      season_id uuid REFERENCES seasons (id),
      user_id text,
      timing_flags text[] NOT NULL DEFAULT '{}',
      session_suspicious boolean NOT NULL DEFAULT false,
      voided_at timestamptz,
      voided_by text,
      void_reason text,
      reset_id uuid REFERENCES score_resets (id)
    )`);
  // Exactly once: a session yields at most one score, whichever endpoint arrives first.
  await db.raw('CREATE UNIQUE INDEX scores_session_idx ON scores (session_id)');
  await db.raw(
    'CREATE INDEX scores_all_time_idx ON scores (score DESC, created_at, seq) ' +
      'WHERE voided_at IS NULL AND reset_id IS NULL',
  );
  await db.raw(
    'CREATE INDEX scores_season_idx ON scores (season_id, score DESC, created_at, seq) ' +
      'WHERE voided_at IS NULL AND season_id IS NOT NULL',
  );
  // A player's scores (best entry, ban, a void's weekly recount): one index serves them all.
  await db.raw(
    'CREATE INDEX scores_player_idx ON scores (player_key, score DESC, created_at, seq)',
  );
  // Daily figures: rows arrive in time order, so a BRIN index is enough and nearly free to keep.
  await db.raw('CREATE INDEX scores_created_idx ON scores USING brin (created_at)');
  await db.raw('CREATE INDEX scores_reset_idx ON scores (reset_id) WHERE reset_id IS NOT NULL');

  // A player's week: the sum of their non-voided scores of that week. version grows on every
  // change, so Redis never takes an older copy of a row over a newer one.
  await db.raw(`
    CREATE TABLE weekly_scores (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      week_id uuid NOT NULL REFERENCES weekly_leaderboards (id),
      player_key text NOT NULL,
      player_name text NOT NULL,
      total_score bigint NOT NULL,
      games_played integer NOT NULL,
      highest_level integer NOT NULL,
      version bigint NOT NULL DEFAULT 1,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (week_id, player_key)
    )`);
  // No index on the totals: every accepted score updates its row, and with only the unique
  // key indexed (which never changes) and room left on each page, those are HOT updates.
  // Reading a week (rebuild, fallback) goes through the unique key's week_id prefix.
  await db.raw('ALTER TABLE weekly_scores SET (fillfactor = 70)');

  await db.raw(`
    CREATE TABLE banned_players (
      player_key text PRIMARY KEY,
      player_name text NOT NULL,
      reason text NOT NULL,
      banned_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

  await db.raw(`
    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      action text NOT NULL,
      actor_user_id text NOT NULL,
      target text NOT NULL,
      reason text NOT NULL DEFAULT '',
      details jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

  // Play statistics: one row per UTC day, and all-time totals (exact, in PostgreSQL).
  await db.raw(`
    CREATE TABLE daily_stats (
      day date PRIMARY KEY,
      plays bigint NOT NULL DEFAULT 0,
      plays_with_ads bigint NOT NULL DEFAULT 0,
      completed_games bigint NOT NULL DEFAULT 0,
      completed_with_ads bigint NOT NULL DEFAULT 0,
      ad_blocker_games bigint NOT NULL DEFAULT 0,
      ad_ids_reported bigint NOT NULL DEFAULT 0,
      total_game_seconds double precision NOT NULL DEFAULT 0,
      total_session_seconds double precision NOT NULL DEFAULT 0,
      total_points_multiplier double precision NOT NULL DEFAULT 0
    )`);
  await db.raw(`
    CREATE TABLE stat_totals (
      name text PRIMARY KEY,
      value bigint NOT NULL DEFAULT 0
    )`);
  await db.raw("INSERT INTO stat_totals (name, value) VALUES ('plays', 0), ('completed', 0)");

  await createOutboxTable(db);
}

export async function down(db: Knex): Promise<void> {
  for (const table of [
    'outbox',
    'stat_totals',
    'daily_stats',
    'audit_log',
    'banned_players',
    'weekly_scores',
    'scores',
    'score_resets',
    'seasons',
    'weekly_leaderboards',
  ]) {
    await db.schema.dropTableIfExists(table);
  }
}
