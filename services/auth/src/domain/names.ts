import { AppError, isUuid, limitOf } from '@ballmatch/platform';
import type { AccountName, UserStore } from '../store/users';

/**
 * The accounts' names. Auth owns usernames, and a username is a name on the boards that only its
 * owner may use: the scores service keeps its own copy of them, filled from here once.
 */
export function createNames(users: UserStore) {
  return {
    /**
     * Every account's username, a page at a time (`limit` 1..1000, 0: 500) after the account
     * `afterUserId` ('' for the first page): the scores service's one-off copy.
     */
    async list(afterUserId: string, rawLimit: number): Promise<AccountName[]> {
      if (afterUserId !== '' && !isUuid(afterUserId)) {
        throw new AppError('INVALID_ARGUMENT', 'afterUserId must be an account id', {
          field: 'afterUserId',
        });
      }
      return users.names(afterUserId, limitOf(rawLimit, { default: 500, max: 1000 }));
    },
  };
}

export type Names = ReturnType<typeof createNames>;
