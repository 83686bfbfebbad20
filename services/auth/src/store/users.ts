import { playerNameSkeleton, preparedQuery, writeOutbox, type Knex } from '@ballmatch/platform';
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

/**
 * Only the columns given: an absent field is left as it is. A username always brings its
 * skeleton (the look-alike key, unique: see migration 002_username_skeleton).
 */
function userColumns(user: Partial<NewUser>): Raw {
  const columns: Raw = {
    username: user.username,
    username_skeleton: user.username === undefined ? undefined : playerNameSkeleton(user.username),
    email: user.email,
    password_hash: user.passwordHash,
    type: user.type,
    evm_wallet: user.evmWallet,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
}

/**
 * Who owns a name changed: user.named goes out with the change (same transaction). The scores
 * service forgets its cached answers for both names on it (services/scores name-owners.ts).
 */
function named(trx: Knex.Transaction, user: UserRow, previousUsername: string) {
  return writeOutbox(trx, [
    newEvent('userNamed', { userId: user.id, username: user.username, previousUsername }),
  ]);
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
    /**
     * The id of the account whose username looks like `name` (the same skeleton), if any. Asked
     * by the scores service on every submission: a prepared statement, no query builder.
     */
    async ownerOfName(name: string): Promise<string | undefined> {
      const [row] = await preparedQuery<{ id: string }>(
        db,
        'users_owner_of_name',
        'SELECT id FROM users WHERE username_skeleton = $1',
        [playerNameSkeleton(name)],
      );
      return row?.id;
    },
    async insert(user: NewUser): Promise<UserRow> {
      const created = await db.transaction(async (trx) => {
        const [raw] = await trx<Raw>('users').insert(userColumns(user)).returning(COLUMNS);
        const row = userRow(raw!);
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
        const [updated] = await trx<Raw>('users')
          .where({ id })
          .update({ ...userColumns(changes), updated_at: db.fn.now() })
          .returning(COLUMNS);
        if (updated && beforeCommit) await beforeCommit();
        const row = updated && userRow(updated);
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
  if (e.constraint === 'users_username_skeleton_idx') return 'usernameLookAlike';
  if (e.constraint === 'users_email_lower_idx') return 'email';
  return undefined;
}
