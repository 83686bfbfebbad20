import { dayRange } from '@ballmatch/platform';
import type { NewUserStore } from '../store/new-users';

/**
 * The admin console's account figures: players registered per day of a range (an account
 * deleted since is no longer counted), and the players there are now.
 */
export function createNewUsers(deps: { store: NewUserStore; now: () => Date }) {
  return {
    async forDays(fromText: string, toText: string) {
      const { from, to } = dayRange(fromText, toText, deps.now());
      const [days, totalUsers] = await Promise.all([
        deps.store.perDay(from, to),
        deps.store.players(),
      ]);
      return { from, to, days, totalUsers };
    },
  };
}

export type NewUsers = ReturnType<typeof createNewUsers>;
