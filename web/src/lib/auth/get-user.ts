import { hashKey, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import { readStorage, removeStorage, writeStorage } from '@/lib/storage';
import type { User } from './types';

export const userQueryKey = ['user'] as const;

/**
 * Set while this browser is known to hold no session (GET /api/user answered 401, or it signed
 * out); removed when it signs in. While set, a page load does not ask (issue 24: a guest's 401
 * was logged on every page load). A browser that never heard either asks once.
 */
const NO_SESSION_KEY = 'no_session';

const fetchUser = fetchFrom<User | null>(apiPaths.user, { on401: 'returnNull' });

/** GET /api/user: the user, or null when logged out (401). */
export function userQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async (context): Promise<User | null> => {
      if (readStorage(NO_SESSION_KEY) !== null) return null;
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

/**
 * Keeps the no-session mark in step with the cached user, however it got there (a read, a sign
 * in, a sign out); returns the unsubscribe.
 */
export function followNoSessionMark(client: QueryClient): () => void {
  const userHash = hashKey(userQueryKey);
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== userHash) return;
    if (event.query.state.data) removeStorage(NO_SESSION_KEY);
    else writeStorage(NO_SESSION_KEY, '1');
  });
}
