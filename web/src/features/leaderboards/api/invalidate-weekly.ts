import type { QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';

/** Marks every weekly board read stale (after Monday's reset a new week becomes active). */
export function invalidateWeeklyBoards(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => {
      const [path] = query.queryKey;
      return typeof path === 'string' && path.startsWith(apiPaths.weeklyLeaderboards);
    },
  });
}
