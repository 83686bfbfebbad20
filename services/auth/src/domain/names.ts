import { AppError, isProtectedName, isUuid, limitOf } from '@ballmatch/platform';
import type { AccountName, UserStore } from '../store/users';

/** Longer than any name the boards take (20 characters): refused before any query. */
const NAME_MAX_UNITS = 200;

export interface NameOwnership {
  /** The account whose username looks like the name; null when nobody owns it. */
  ownerUserId: string | null;
  /** A staff or site name, or a look-alike: nobody plays under it. */
  protected: boolean;
}

/**
 * Who owns a player name. Auth owns usernames, and a username is a name on the boards that only
 * its owner may use; names are compared by their look-alike keys (platform's playerNameKeys),
 * the keys username_keys holds for each account.
 */
export function createNames(users: UserStore) {
  return {
    async resolve(name: string): Promise<NameOwnership> {
      if (name.length > NAME_MAX_UNITS) {
        throw new AppError('INVALID_ARGUMENT', 'name is too long', { field: 'name' });
      }
      const owner = name.trim() ? await users.ownerOfName(name) : undefined;
      return { ownerUserId: owner ?? null, protected: isProtectedName(name) };
    },

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
