import type { Knex } from '@ballmatch/platform';

export interface UserRow {
  id: string;
  username: string;
  email: string | null;
  password_hash: string;
  type: 'user' | 'admin';
  evm_wallet: string | null;
  created_at: Date;
}

export type UserChanges = Partial<
  Pick<UserRow, 'username' | 'email' | 'password_hash' | 'evm_wallet'>
>;

/** Queries on auth.users. Unique violations surface as the pg error (code 23505, constraint). */
export function userStore(db: Knex) {
  const users = () => db<UserRow>('users');
  return {
    byId: (id: string) => users().where({ id }).first(),
    byEmail: (email: string) => users().whereRaw('lower(email) = lower(?)', [email]).first(),
    byUsername: (username: string) =>
      users().whereRaw('lower(username) = lower(?)', [username]).first(),
    async insert(row: Omit<UserRow, 'id' | 'created_at'>): Promise<UserRow> {
      const [created] = await users().insert(row).returning('*');
      return created!;
    },
    async update(id: string, changes: UserChanges): Promise<UserRow | undefined> {
      const [updated] = await users()
        .where({ id })
        .update({ ...changes, updated_at: db.fn.now() } as Partial<UserRow>)
        .returning('*');
      return updated;
    },
  };
}

export type UserStore = ReturnType<typeof userStore>;

/** Which unique rule a failed insert or update broke, if any. */
export function uniqueViolation(error: unknown): 'username' | 'email' | undefined {
  const e = error as { code?: string; constraint?: string };
  if (e.code !== '23505') return undefined;
  if (e.constraint === 'users_username_lower_idx') return 'username';
  if (e.constraint === 'users_email_lower_idx') return 'email';
  return undefined;
}
