import type { AsyncServiceOf } from '@ballmatch/platform';
import type { authV1 } from '@ballmatch/proto';
import type { NewUsers } from '../domain/new-users';

/** The admin console's account figures; the server lets only admins call. */
export function createAccountAdminHandlers(
  newUsers: NewUsers,
): AsyncServiceOf<typeof authV1.AccountAdminServiceService> {
  return {
    getNewUsers: async (req) => newUsers.forDays(req.from, req.to),
  };
}
