import { AppError, writeOutbox } from '@ballmatch/platform';
import { newEvent } from '@ballmatch/proto';
import type { UserRow, UserStore } from '../store/users';
import { assertCurrentPassword } from './passwords';

export interface DeletionDeps {
  users: UserStore;
  /** The caller's account (NOT_FOUND when it is gone). */
  getUser(userId: string): Promise<UserRow>;
  /** Voids every token of the account issued until now (platform's signOutEverywhere). */
  signOutEverywhere(userId: string): Promise<number>;
  /** Tells the outbox relay to publish now. */
  wake(): void;
}

export interface DeletionRequest {
  /** The username, typed by the player to confirm. */
  confirmUsername: string;
  currentPassword: string;
  /** The account's scores leave the boards too (the scores service voids them). */
  removeScores: boolean;
}

/**
 * A player deletes their own account (docs/api.md 'Deleting an account'). Typing the username
 * guards against a slip, the password against a stolen cookie. The row goes, with the
 * `user.deleted` event (its outbox row) and the sign-out mark in the same transaction; the
 * mark is written again after the commit, so a sign-in that read the account meanwhile is
 * void too. Everything else stays with the other services: ad orders as business records,
 * sessions with their games, scores under the name played unless `removeScores`.
 */
export function createAccountDeletion(deps: DeletionDeps) {
  return {
    async deleteAccount(userId: string, input: DeletionRequest): Promise<UserRow> {
      const user = await deps.getUser(userId);
      if (user.type === 'admin') {
        throw new AppError(
          'PERMISSION_DENIED',
          'An admin account is removed by an operator, not from its profile',
        );
      }
      const typed = input.confirmUsername.trim();
      if (!typed) {
        throw new AppError('INVALID_ARGUMENT', 'Type your username to confirm', {
          field: 'confirmUsername',
        });
      }
      // Usernames are one regardless of case (the unique index), so the confirmation is too.
      if (typed.toLowerCase() !== user.username.toLowerCase()) {
        throw new AppError('INVALID_ARGUMENT', 'That is not your username', {
          field: 'confirmUsername',
        });
      }
      await assertCurrentPassword(
        input.currentPassword,
        user.passwordHash,
        'Enter your current password to delete your account',
      );
      const event = newEvent('userDeleted', {
        userId: user.id,
        username: user.username,
        removeScores: input.removeScores,
      });
      const removed = await deps.users.remove(user.id, async (trx) => {
        await writeOutbox(trx, [event]);
        await deps.signOutEverywhere(user.id);
      });
      if (!removed) throw new AppError('NOT_FOUND', 'User not found');
      deps.wake();
      await deps.signOutEverywhere(user.id).catch(() => {
        // The mark written in the transaction already voids every earlier token.
      });
      return removed;
    },
  };
}

export type AccountDeletion = ReturnType<typeof createAccountDeletion>;
