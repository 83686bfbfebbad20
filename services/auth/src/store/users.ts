import { playerNameKeys, writeOutbox, type Knex } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';

/** A user as the store hands it up. */
export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  passwordHash: string;
  type: 'user' | 'admin';
  evmWallet: string | null;
  createdAt: Date;
}

export type NewUser = Omit<UserRow, 'id' | 'createdAt'>;

export type UserChanges = Partial<
  Pick<UserRow, 'username' | 'email' | 'passwordHash' | 'evmWallet'>
>;

type Raw = Record<string, unknown>;

const COLUMNS = ['id', 'username', 'email', 'password_hash', 'type', 'evm_wallet', 'created_at'];

function userRow(raw: Raw): UserRow {
  return {
    id: String(raw.id),
    username: String(raw.username),
    email: (raw.email as string | null) ?? null,
    passwordHash: String(raw.password_hash),
    type: raw.type as UserRow['type'],
    evmWallet: (raw.evm_wallet as string | null) ?? null,
    createdAt: raw.created_at as Date,
  };
}

/** Only the columns given: an absent field is left as it is. */
function userColumns(user: Partial<NewUser>): Raw {
  const columns: Raw = {
    username: user.username,
    email: user.email,
    password_hash: user.passwordHash,
    type: user.type,
    evm_wallet: user.evmWallet,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * The username's look-alike keys (platform's playerNameKeys), each the account's alone: one
 * another account holds is a unique violation (username_keys_pkey, see migration
 * 006_username_keys). A rename replaces them.
 */
async function claimKeys(trx: Knex.Transaction, userId: string, username: string) {
  await trx('username_keys').where({ user_id: userId }).del();
  await trx('username_keys').insert(
    playerNameKeys(username).map((key) => ({ name_key: key, user_id: userId })),
  );
}

/**
 * Who owns a name changed: user.named goes out with the change (same transaction), with the
 * account's name count (`name_version`) and registration time: the scores service keeps its
 * own table of who owns which name from these (services/scores account-names.ts).
 */
async function named(trx: Knex.Transaction, user: UserRow, previousUsername: string) {
  const [{ name_version: nameVersion }] = await trx<Raw>('users')
    .where({ id: user.id })
    .select('name_version');
  return writeOutbox(trx, [
    newEvent('userNamed', {
      userId: user.id,
      username: user.username,
      previousUsername,
      nameVersion: Number(nameVersion),
      registeredAt: user.createdAt.toISOString(),
    }),
  ]);
}

/** An account's username as NameService's ListNames pages them. */
export interface AccountName {
  userId: string;
  username: string;
  nameVersion: number;
  registeredAt: Date;
}

/**
 * Queries on auth.users. Unique violations surface as the pg error (code 23505, constraint).
 * `wake` is called after a commit that wrote an event (the outbox relay's fast path).
 */
export function createUserStore(db: Knex, options: { wake?: () => void } = {}) {
  const wake = options.wake ?? (() => {});
  const users = () => db<Raw>('users');
  const first = async (query: Knex.QueryBuilder) => {
    const raw = (await query.select(COLUMNS).first()) as Raw | undefined;
    return raw && userRow(raw);
  };
  return {
    byId: (id: string) => first(users().where({ id })),
    byEmail: (email: string) => first(users().whereRaw('lower(email) = lower(?)', [email])),
    byUsername: (username: string) =>
      first(users().whereRaw('lower(username) = lower(?)', [username])),
    /** A page of every account's username, in id order after `afterUserId` ('' first). */
    async names(afterUserId: string, limit: number): Promise<AccountName[]> {
      const page = afterUserId ? users().where('id', '>', afterUserId) : users();
      const rows = (await page
        .orderBy('id')
        .limit(limit)
        .select('id', 'username', 'name_version', 'created_at')) as Raw[];
      return rows.map((r) => ({
        userId: String(r.id),
        username: String(r.username),
        nameVersion: Number(r.name_version),
        registeredAt: r.created_at as Date,
      }));
    },
    async insert(user: NewUser): Promise<UserRow> {
      const created = await db.transaction(async (trx) => {
        const [raw] = await trx<Raw>('users').insert(userColumns(user)).returning(COLUMNS);
        const row = userRow(raw!);
        await claimKeys(trx, row.id, row.username);
        await named(trx, row, '');
        return row;
      });
      wake();
      return created;
    },
    /**
     * Applies the changes; `beforeCommit` runs inside the transaction once the row is updated
     * (a password change signs the account out there: if that fails, nothing changes).
     */
    async update(
      id: string,
      changes: UserChanges,
      beforeCommit?: () => Promise<unknown>,
    ): Promise<UserRow | undefined> {
      let renamed = false;
      const result = await db.transaction(async (trx) => {
        // A rename frees the old name: the event names it too.
        const before =
          changes.username === undefined
            ? undefined
            : ((await trx<Raw>('users').where({ id }).forUpdate().first('username')) as
                { username: string } | undefined);
        const renaming = before !== undefined && before.username !== changes.username;
        const [updated] = await trx<Raw>('users')
          .where({ id })
          .update({
            ...userColumns(changes),
            updated_at: db.fn.now(),
            ...(renaming ? { name_version: db.raw('name_version + 1') } : {}),
          })
          .returning(COLUMNS);
        const row = updated && userRow(updated);
        if (row && changes.username !== undefined) await claimKeys(trx, row.id, row.username);
        if (updated && beforeCommit) await beforeCommit();
        if (row && before && before.username !== row.username) {
          await named(trx, row, before.username);
          renamed = true;
        }
        return row;
      });
      if (renamed) wake();
      return result;
    },
    /**
     * Deletes the account; `inTransaction` runs inside the transaction once the row is gone
     * (its event and the sign-out mark: if either fails, the account stays). Undefined when
     * there was no such account.
     */
    async remove(
      id: string,
      inTransaction: (trx: Knex.Transaction, removed: UserRow) => Promise<unknown>,
    ): Promise<UserRow | undefined> {
      return db.transaction(async (trx) => {
        const [removed] = await trx<Raw>('users').where({ id }).del().returning(COLUMNS);
        if (!removed) return undefined;
        const user = userRow(removed);
        await inTransaction(trx, user);
        return user;
      });
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;

/** Which unique rule a failed insert or update broke, if any. */
export function uniqueViolation(
  error: unknown,
): 'username' | 'usernameLookAlike' | 'email' | undefined {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'users_username_lower_idx') return 'username';
  if (e.constraint === 'username_keys_pkey') return 'usernameLookAlike';
  if (e.constraint === 'users_email_lower_idx') return 'email';
  return undefined;
}
