import { preparedQuery, type Knex } from '@ballmatch/platform';
import { GUEST_PLAYER, guestPlayerCtes, madeOnce } from './guest-names';

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
 * Who holds a name with these look-alike keys (`keys`, a text[] placeholder), as common table
 * expressions for a statement's WITH: `owner`, the account owning it (of two, the older:
 * auth's rule, a key two usernames shared stayed with the older account); when `guest` (a
 * condition) holds and nobody owns it, `found` and `made`, its guest player, GUEST_PLAYER
 * (store/guest-names.ts).
 */
export const nameHoldersCtes = (keys: string, guest: string) => `
owner AS (
  SELECT user_id FROM account_names
  WHERE name_keys && ${keys}::text[] AND deleted_at IS NULL
  ORDER BY registered_at, user_id LIMIT 1
), ${guestPlayerCtes(keys, `${guest} AND NOT EXISTS (SELECT 1 FROM owner)`)}`;

const HOLDERS_SQL = `WITH ${nameHoldersCtes('$1', '$2::boolean')}
SELECT (SELECT user_id FROM owner) AS user_id, ${GUEST_PLAYER} AS guest_key`;

/** Who holds a name: its owner's account, else (when asked for) its guest player. */
export interface NameHolders {
  ownerUserId: string | null;
  /** Null when the name is owned, or the guest player was not asked for. */
  guestKey: string | null;
}

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

    /**
     * Asked at every submission under a name (prepared): its owner, and with `guest` the guest
     * player of the name when nobody owns it.
     */
    async holdersOf(nameKeys: string[], guest: boolean): Promise<NameHolders> {
      const [row] = await madeOnce(() =>
        preparedQuery<{ user_id: string | null; guest_key: string | null }>(
          db,
          'scores_name_holders',
          HOLDERS_SQL,
          [nameKeys, guest],
        ),
      );
      return { ownerUserId: row?.user_id ?? null, guestKey: row?.guest_key ?? null };
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
