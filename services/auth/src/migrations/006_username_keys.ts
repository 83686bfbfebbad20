import { playerNameKeys, type Knex } from '@ballmatch/platform';
import * as usernameSkeleton from './002_username_skeleton';

/**
 * Usernames are compared by every key of a name (platform's playerNameKeys: the case-folded
 * skeleton, and the UTS 39 skeleton read before case folding), not by 002's one skeleton,
 * which folded case first and so let 'Iily' register beside 'lily'. Each key belongs to one
 * account: a username sharing any key with another's is a look-alike of it. Existing accounts
 * get their keys here, the older first; a key two usernames share stays with the older account
 * (which owns the name), the newer keeps the rest. 002's column goes.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`
    CREATE TABLE username_keys (
      name_key text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE
    )`);
  await db.raw('CREATE INDEX username_keys_user_idx ON username_keys (user_id)');
  const users: { id: string; username: string }[] = await db('users')
    .select('id', 'username')
    .orderBy([{ column: 'created_at' }, { column: 'id' }]);
  const owners = new Map<string, string>();
  for (const user of users) {
    for (const key of playerNameKeys(user.username)) {
      if (!owners.has(key)) owners.set(key, user.id);
    }
  }
  const rows = [...owners].map(([key, userId]) => ({ name_key: key, user_id: userId }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db('username_keys').insert(rows.slice(i, i + 1000));
  }
  await db.raw('DROP INDEX users_username_skeleton_idx');
  await db.raw('ALTER TABLE users DROP COLUMN username_skeleton');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('DROP TABLE IF EXISTS username_keys');
  await usernameSkeleton.up(db);
}
