/**
 * The guest player a name's look-alike keys stand for (guest_names, migration 005), as two
 * common table expressions, `found` and `made`, for a statement's WITH; the player is
 * GUEST_PLAYER. `keys` is the placeholder of the keys (text[]); `wanted` a condition: when it
 * is false, nothing is looked up or made.
 *
 * - found: the player of a name it shares a key with: a banned one first (so that a name like
 *   a banned one and another is refused), else the oldest;
 * - made: for a name like none before, a new player `guest:<its first key>` holding all its
 *   keys.
 *
 * Why one statement is enough, without the lock the look-up and the insert once took (two
 * look-alikes arriving together make one player): each key belongs to one player
 * (guest_names' primary key), and a player's keys go in together, by one INSERT, or not at
 * all. If a look-alike made meanwhile (after this statement's snapshot, or still uncommitted:
 * PostgreSQL's unique check waits for it) holds one of the keys, the INSERT fails with a
 * unique violation and the whole statement with it, writing nothing; run again
 * (madeOnce), it finds that player. So a new player is made only when none of its keys
 * belongs to anyone as it commits: what the lock made sure of.
 */
export const guestPlayerCtes = (keys: string, wanted: string) => `
found AS (
  SELECT g.player_key FROM guest_names g
  WHERE ${wanted} AND g.name_key = ANY(${keys}::text[])
  ORDER BY EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = g.player_key) DESC,
           g.created_at, g.name_key
  LIMIT 1
), made AS (
  INSERT INTO guest_names (name_key, player_key)
  SELECT DISTINCT k, 'guest:' || (${keys}::text[])[1] FROM unnest(${keys}::text[]) k
  WHERE ${wanted} AND NOT EXISTS (SELECT 1 FROM found)
  RETURNING player_key
)`;

/** The guest player the CTEs of guestPlayerCtes answer (null when not wanted). */
export const GUEST_PLAYER =
  'coalesce((SELECT player_key FROM found), (SELECT player_key FROM made LIMIT 1))';

const KEY_TAKEN_MEANWHILE = (error: unknown) => {
  const e = error as { code?: string; constraint?: string };
  return e.code === '23505' && e.constraint === 'guest_names_pkey';
};

/**
 * Runs a statement using guestPlayerCtes again when a look-alike made at the same time took
 * one of its keys: the key's row is committed (rows of guest_names are never deleted), so the
 * next run finds its player. The bound is a guard.
 */
export async function madeOnce<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !KEY_TAKEN_MEANWHILE(error)) throw error;
    }
  }
}
