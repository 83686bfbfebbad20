import type { Knex } from '@ballmatch/platform';

type Raw = Record<string, unknown>;

/**
 * auth.password_resets (migration 008): reset links by the SHA-256 of their token. Every time
 * is the caller's (the service's clock), never the database's.
 */
export function createPasswordResetStore(db: Knex) {
  const resets = () => db<Raw>('password_resets');
  return {
    async insert(link: {
      tokenHash: string;
      userId: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await resets().insert({
        token_hash: link.tokenHash,
        user_id: link.userId,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
      });
    },
    /** The account of a link that is neither used nor expired at `now`. */
    async usable(tokenHash: string, now: Date): Promise<string | undefined> {
      const row = (await resets()
        .where({ token_hash: tokenHash })
        .whereNull('used_at')
        .where('expires_at', '>', now)
        .first('user_id')) as Raw | undefined;
      return row ? String(row.user_id) : undefined;
    },
    /**
     * Uses the link (if it still works at `now`) and sets the account's password, in one
     * transaction: every other link of the account stops working too, and `beforeCommit`
     * runs once the password is written (the sign-out mark: if it fails, nothing changes).
     * The account's id, or undefined when the link did not work.
     */
    async use(
      tokenHash: string,
      now: Date,
      passwordHash: string,
      beforeCommit: (userId: string) => Promise<unknown>,
    ): Promise<string | undefined> {
      return db.transaction(async (trx) => {
        const [used] = (await trx<Raw>('password_resets')
          .where({ token_hash: tokenHash })
          .whereNull('used_at')
          .where('expires_at', '>', now)
          .update({ used_at: now })
          .returning('user_id')) as Raw[];
        if (!used) return undefined;
        const userId = String(used.user_id);
        await trx<Raw>('password_resets')
          .where({ user_id: userId })
          .whereNull('used_at')
          .update({ used_at: now });
        const changed = await trx<Raw>('users')
          .where({ id: userId })
          .update({ password_hash: passwordHash, updated_at: db.fn.now() });
        if (changed === 0) return undefined;
        await beforeCommit(userId);
        return userId;
      });
    },
  };
}

export type PasswordResetStore = ReturnType<typeof createPasswordResetStore>;
