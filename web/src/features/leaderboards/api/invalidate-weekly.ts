import type { QueryClient } from '@tanstack/react-query';

/** Marks every weekly board read stale (after Monday's reset a new week becomes active). */
export function invalidateWeeklyBoards(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: ['leaderboards', 'weekly'] });
}
