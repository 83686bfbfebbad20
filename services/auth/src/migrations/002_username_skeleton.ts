import { playerNameSkeleton, type Knex } from '@ballmatch/platform';

/**
 * Usernames are unique by confusable skeleton too (platform's playerNameSkeleton), so 'Bob' and
 * 'B0b' cannot both register: a username is a player name on the boards that only its owner
 * may use. Existing accounts get theirs computed here; if two already share one, the older
 * account keeps the skeleton (it owns the name) and the newer one's stays empty.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('ALTER TABLE users ADD COLUMN username_skeleton text');
  const users: { id: string; username: string }[] = await db('users')
    .select('id', 'username')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  const taken = new Set<string>();
  for (const user of users) {
    const skeleton = playerNameSkeleton(user.username);
    if (taken.has(skeleton)) continue;
    taken.add(skeleton);
    await db('users').where({ id: user.id }).update({ username_skeleton: skeleton });
  }
  await db.raw('CREATE UNIQUE INDEX users_username_skeleton_idx ON users (username_skeleton)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP INDEX IF EXISTS users_username_skeleton_idx');
  await db.raw('ALTER TABLE users DROP COLUMN IF EXISTS username_skeleton');
}
