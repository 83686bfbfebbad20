import { playerNameKeys, type Knex } from '@ballmatch/platform';

/**
 * Names are compared by every look-alike key of a name (platform's playerNameKeys), not by
 * 003's one skeleton, which folded case first ('IiIy', which reads as 'lily', was 'iiiy'):
 * - guest_names: which guest player each key belongs to. A guest name is the player of the
 *   names it shares a key with; a name like none before is a new player `guest:<its first
 *   key>`, holding all its keys (store/scores.ts, guestKeyOf);
 * - scores and weekly rows keep the keys of the name they show (`name_keys`, replacing
 *   `name_skeleton`): rank lookups by name find a row sharing a key.
 *
 * Existing data, as well as it can be done here:
 * - guest players: every guest name shown or banned, oldest first, joins the player of the
 *   oldest name it shares a key with, else becomes a player of its own; guest scores take
 *   their name's player;
 * - guest weekly rows: counted again from their scores the boards show, per week and player,
 *   showing the latest spelling (rows of look-alikes merge; their ids are new);
 * - guest bans: each holds every player its old key covered (the ban's own name's, and that of
 *   every name scored under the old key), so nothing banned reappears; a ban of a look-alike
 *   now covers the name it looks like.
 * The Redis boards are rebuilt under new keys (store/boards.ts, LAYOUT 3).
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE guest_names (
      name_key text PRIMARY KEY,
      player_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);

  // Every name shown or banned, oldest first, and whether a guest ever used it.
  const { rows: names } = (await db.raw(`
    SELECT player_name, min(at) AS first_at, bool_or(guest) AS guest FROM (
      SELECT player_name, created_at AS at, coalesce(user_id, '') = '' AS guest FROM scores
      UNION ALL
      SELECT player_name, created_at, player_key LIKE 'guest:%' FROM banned_players
    ) n GROUP BY player_name ORDER BY min(at), player_name`)) as {
    rows: { player_name: string; first_at: Date; guest: boolean }[];
  };
  const owners = new Map<string, { player: string; at: Date }>();
  const mapped = names.map(({ player_name: name, first_at: at, guest }) => {
    const keys = playerNameKeys(name);
    if (!guest) return { player_name: name, name_keys: keys, guest_key: null };
    // The oldest player holding one of its keys, else a new one with all of them.
    const holders = keys.map((k) => owners.get(k)).filter((o) => o !== undefined);
    const known = holders.sort((a, b) => a.at.getTime() - b.at.getTime())[0];
    const player = known?.player ?? `guest:${keys[0]}`;
    if (!known) keys.forEach((k) => owners.set(k, { player, at }));
    return { player_name: name, name_keys: keys, guest_key: player };
  });

  await db.raw(
    'CREATE TEMP TABLE keyed_names (player_name text PRIMARY KEY, name_keys text[] NOT NULL, ' +
      'guest_key text) ON COMMIT DROP',
  );
  for (let i = 0; i < mapped.length; i += 1000) {
    await db('keyed_names').insert(mapped.slice(i, i + 1000));
  }
  const held = [...owners].map(([key, { player, at }]) => ({
    name_key: key,
    player_key: player,
    created_at: at,
  }));
  for (let i = 0; i < held.length; i += 1000) {
    await db('guest_names').insert(held.slice(i, i + 1000));
  }

  // Bans, read with the old keys before the scores change theirs.
  await db.raw(`
    CREATE TEMP TABLE keyed_guest_bans ON COMMIT DROP AS
      SELECT m.guest_key AS player_key, b.player_name, b.reason, b.banned_by, b.created_at
      FROM banned_players b JOIN keyed_names m USING (player_name)
      WHERE b.player_key LIKE 'guest:%'
      UNION ALL
      SELECT DISTINCT m.guest_key, b.player_name, b.reason, b.banned_by, b.created_at
      FROM banned_players b JOIN scores s ON s.player_key = b.player_key
           JOIN keyed_names m ON m.player_name = s.player_name
      WHERE b.player_key LIKE 'guest:%' AND coalesce(s.user_id, '') = ''`);
  await db.raw(`DELETE FROM banned_players WHERE player_key LIKE 'guest:%'`);
  await db.raw(`
    INSERT INTO banned_players (player_key, player_name, reason, banned_by, created_at)
    SELECT DISTINCT ON (player_key) player_key, player_name, reason, banned_by, created_at
    FROM keyed_guest_bans ORDER BY player_key, created_at
    ON CONFLICT (player_key) DO NOTHING`);

  await db.raw('ALTER TABLE scores ADD COLUMN name_keys text[]');
  await db.raw(`
    UPDATE scores s SET
      name_keys = m.name_keys,
      player_key = CASE WHEN coalesce(s.user_id, '') = '' THEN m.guest_key ELSE s.player_key END
    FROM keyed_names m WHERE m.player_name = s.player_name`);
  await db.raw('ALTER TABLE scores ALTER COLUMN name_keys SET NOT NULL');
  await db.raw('DROP INDEX IF EXISTS scores_name_idx');
  await db.raw('ALTER TABLE scores DROP COLUMN name_skeleton');

  await db.raw('ALTER TABLE weekly_scores ADD COLUMN name_keys text[]');
  await db.raw('ALTER TABLE weekly_scores DROP COLUMN name_skeleton');
  await db.raw(`DELETE FROM weekly_scores WHERE player_key LIKE 'guest:%'`);
  await db.raw(`
    INSERT INTO weekly_scores (week_id, player_key, player_name, total_score, games_played,
                               highest_level, updated_at)
    SELECT week_id, player_key,
           (array_agg(player_name ORDER BY created_at DESC, seq DESC))[1],
           sum(score), count(*), max(level), max(created_at)
    FROM scores
    WHERE player_key LIKE 'guest:%' AND voided_at IS NULL
      AND review_state IN ('accepted', 'cleared')
    GROUP BY week_id, player_key`);
  await db.raw(`
    UPDATE weekly_scores w SET name_keys = m.name_keys
    FROM keyed_names m WHERE m.player_name = w.player_name`);
  await db.raw('ALTER TABLE weekly_scores ALTER COLUMN name_keys SET NOT NULL');

  // Rank lookups by name: the entries sharing a key with it.
  await db.raw('CREATE INDEX scores_name_keys_idx ON scores USING gin (name_keys)');
}

export async function down(db: Knex): Promise<void> {
  // Back to one key per name, the first (the case-folded skeleton, as 003's). Guests merged as
  // look-alikes stay one player: telling them apart again means restoring a backup.
  await db.raw('DROP INDEX IF EXISTS scores_name_keys_idx');
  for (const table of ['scores', 'weekly_scores']) {
    await db.raw(`ALTER TABLE ${table} ADD COLUMN name_skeleton text`);
    await db.raw(`UPDATE ${table} SET name_skeleton = name_keys[1]`);
    await db.raw(`ALTER TABLE ${table} ALTER COLUMN name_skeleton SET NOT NULL`);
    await db.raw(`ALTER TABLE ${table} DROP COLUMN name_keys`);
  }
  await db.raw(
    'CREATE INDEX scores_name_idx ON scores (name_skeleton, score DESC, created_at, seq)',
  );
  await db.raw('DROP TABLE IF EXISTS guest_names');
}
