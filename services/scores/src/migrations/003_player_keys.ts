import { playerNameSkeleton, type Knex } from '@ballmatch/platform';

/**
 * Weekly rows and bans attach to the player, not to a spelling of a name: the player key
 * becomes `user:<id>` for a signed-in player's scores (whatever name they show) and
 * `guest:<skeleton>` for a guest's (the name's confusable skeleton, platform's
 * playerNameSkeleton, so look-alikes are one player). Every score and weekly row also keeps
 * the skeleton of the name it shows (`name_skeleton`): rank lookups by name use it.
 *
 * Existing data, as well as it can be done here (auth is not asked during a migration):
 * - scores: the key from `user_id` when the score was signed in, else from the name;
 * - weekly rows: recomputed from the scores (not voided) per week and new key, showing the
 *   latest spelling; a row whose games were all voided is dropped;
 * - bans (keyed on the old lower-case name): each becomes a ban of the guest skeleton of its
 *   name and of every account that had scores under that name, so nothing banned reappears.
 * The Redis boards are rebuilt under new keys (store/boards.ts, LAYOUT).
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE scores ADD COLUMN name_skeleton text');
  await db.raw('ALTER TABLE weekly_scores ADD COLUMN name_skeleton text');

  // The skeleton of every name ever shown or banned, computed here (it needs Unicode data).
  await db.raw(
    'CREATE TEMP TABLE name_skeletons (player_name text PRIMARY KEY, skeleton text NOT NULL) ' +
      'ON COMMIT DROP',
  );
  const { rows: names } = await db.raw(
    `SELECT player_name FROM scores UNION SELECT player_name FROM banned_players`,
  );
  const all = (names as { player_name: string }[]).map((r) => r.player_name);
  for (let i = 0; i < all.length; i += 1000) {
    await db('name_skeletons').insert(
      all.slice(i, i + 1000).map((name) => ({
        player_name: name,
        skeleton: playerNameSkeleton(name),
      })),
    );
  }

  // Bans, read with the old keys before the scores change theirs.
  await db.raw(`
    CREATE TEMP TABLE new_bans ON COMMIT DROP AS
      SELECT 'guest:' || n.skeleton AS player_key, b.player_name, b.reason, b.banned_by,
             b.created_at
      FROM banned_players b JOIN name_skeletons n USING (player_name)
      UNION ALL
      SELECT DISTINCT 'user:' || s.user_id, b.player_name, b.reason, b.banned_by, b.created_at
      FROM banned_players b JOIN scores s ON s.player_key = b.player_key
      WHERE s.user_id IS NOT NULL AND s.user_id <> ''`);

  await db.raw(`
    UPDATE scores s SET
      name_skeleton = n.skeleton,
      player_key = CASE WHEN s.user_id IS NOT NULL AND s.user_id <> ''
                        THEN 'user:' || s.user_id ELSE 'guest:' || n.skeleton END
    FROM name_skeletons n WHERE n.player_name = s.player_name`);
  await db.raw('ALTER TABLE scores ALTER COLUMN name_skeleton SET NOT NULL');

  await db.raw('DELETE FROM banned_players');
  await db.raw(`
    INSERT INTO banned_players (player_key, player_name, reason, banned_by, created_at)
    SELECT DISTINCT ON (player_key) player_key, player_name, reason, banned_by, created_at
    FROM new_bans ORDER BY player_key, created_at`);

  await db.raw('DELETE FROM weekly_scores');
  await db.raw(`
    INSERT INTO weekly_scores (week_id, player_key, player_name, name_skeleton, total_score,
                               games_played, highest_level, version, updated_at)
    SELECT week_id, player_key,
           (array_agg(player_name ORDER BY created_at DESC, seq DESC))[1],
           (array_agg(name_skeleton ORDER BY created_at DESC, seq DESC))[1],
           sum(score), count(*), max(level), 1, max(created_at)
    FROM scores WHERE voided_at IS NULL
    GROUP BY week_id, player_key`);
  await db.raw('ALTER TABLE weekly_scores ALTER COLUMN name_skeleton SET NOT NULL');

  // Rank lookups by name: a name's best entry (all-time, a season).
  await db.raw(
    'CREATE INDEX scores_name_idx ON scores (name_skeleton, score DESC, created_at, seq)',
  );
}

export async function down(db: Knex): Promise<void> {
  // The old keys (a name's lower case) cannot be told apart from the new ones by spelling:
  // going back means restoring a backup.
  await db.raw('DROP INDEX IF EXISTS scores_name_idx');
  await db.raw('ALTER TABLE weekly_scores DROP COLUMN IF EXISTS name_skeleton');
  await db.raw('ALTER TABLE scores DROP COLUMN IF EXISTS name_skeleton');
}
