import { preparedQuery, type Knex } from '@ballmatch/platform';

/** An account's username as auth tells it (user.named, or a page of ListNames). */
export interface AccountName {
  userId: string;
  username: string;
  /** Its look-alike keys (platform's playerNameKeys). */
  nameKeys: string[];
  /** Auth's count of the account's names: the highest seen is kept. */
  nameVersion: number;
  registeredAt: Date;
}

/** The columns of a batch of names, as jsonb_to_recordset reads them. */
const ROWS = `jsonb_to_recordset(?::jsonb) AS r(user_id uuid, username text, name_keys text[],
                                                   name_version int, registered_at timestamptz)`;

/**
 * Names taken by accounts (migration 006), applied in any order: a name replaces the
 * account's one only when its version is at least as high, and never for a deleted account.
 */
const UPSERT_SQL = `
INSERT INTO account_names AS a (user_id, username, name_keys, name_version, registered_at)
SELECT r.user_id, r.username, r.name_keys, r.name_version, r.registered_at FROM ${ROWS}
ON CONFLICT (user_id) DO UPDATE SET
  username = EXCLUDED.username,
  name_keys = EXCLUDED.name_keys,
  name_version = EXCLUDED.name_version,
  registered_at = EXCLUDED.registered_at
WHERE a.deleted_at IS NULL AND EXCLUDED.name_version >= a.name_version`;

/**
 * The account owning a name with any of these keys; of two, the older (auth's rule: a key two
 * usernames shared stayed with the older account).
 */
const OWNER_SQL = `
SELECT user_id FROM account_names
WHERE name_keys && $1::text[] AND deleted_at IS NULL
ORDER BY registered_at, user_id LIMIT 1`;

const json = (names: AccountName[]) =>
  JSON.stringify(
    names.map((n) => ({
      user_id: n.userId,
      username: n.username,
      name_keys: n.nameKeys,
      name_version: n.nameVersion,
      registered_at: n.registeredAt.toISOString(),
    })),
  );

export function createAccountNameStore(db: Knex) {
  return {
    /** Names taken (an event in its consumer's transaction, or a page of the fill). */
    async named(names: AccountName[], trx: Knex | Knex.Transaction = db): Promise<void> {
      if (names.length > 0) await trx.raw(UPSERT_SQL, [json(names)]);
    },

    /** The account is gone: its name is free, and no late event names it again. */
    async deleted(trx: Knex.Transaction, userId: string, at: Date): Promise<void> {
      await trx.raw(
        `INSERT INTO account_names (user_id, username, name_keys, name_version, registered_at,
                                    deleted_at)
         VALUES (?, '', '{}', 0, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET username = '', name_keys = '{}',
           deleted_at = EXCLUDED.deleted_at`,
        [userId, at, at],
      );
    },

    /** Asked at every submission under a name: prepared. */
    async ownerOf(nameKeys: string[]): Promise<string | undefined> {
      const [row] = await preparedQuery<{ user_id: string }>(
        db,
        'scores_account_name_owner',
        OWNER_SQL,
        [nameKeys],
      );
      return row?.user_id;
    },

    async backfilled(): Promise<boolean> {
      return (await db('account_names_backfill').first()) !== undefined;
    },

    async markBackfilled(at: Date): Promise<void> {
      await db.raw(
        'INSERT INTO account_names_backfill (completed_at) VALUES (?) ON CONFLICT DO NOTHING',
        [at],
      );
    },
  };
}

export type AccountNameStore = ReturnType<typeof createAccountNameStore>;
