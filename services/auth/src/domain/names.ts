import { AppError, isProtectedName } from '@ballmatch/platform';
import type { UserStore } from '../store/users';

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
  };
}

export type Names = ReturnType<typeof createNames>;
