import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { User } from './types';

export const userQueryKey = ['user'] as const;

const fetchUser = fetchFrom<User | null>(apiPaths.user, { on401: 'returnNull' });

/** GET /api/user: the user, or null when logged out (401). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async (context): Promise<User | null> => {
      try {
        return await fetchUser(context);
      } catch (cause) {
        throw new Error('Failed to fetch user', { cause });
      }
    },
    // The fetch layer already retried transient failures; a second round would only keep
    // the spinner up longer.
    retry: false,
  });
}

/**
 * The current user. `user` is null while loading, when logged out and when the session
 * cannot be read (the app then behaves as logged out).
 */
export function useUser() {
  const query = useQuery(userQueryOptions());
  return { ...query, user: query.data ?? null };
}
