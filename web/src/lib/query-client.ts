// The query layer (docs/product.md 'Network and retries'). Every read is a query-options factory
// in its feature's api/ folder, whose key names the data rather than its address: the area
// first, then what narrows it, e.g. ['leaderboards', 'weekly', 'top', weekId, { limit }]. The
// kind of data comes before the id, so one prefix (['leaderboards', 'weekly', 'top']) stands for
// every week's top scores. Per-area defaults and the refresh-after-action map below match keys
// by those leading elements; no URL is ever parsed.
import {
  QueryClient,
  partialMatchKey,
  type QueryFunction,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import {
  FACES_STALE_TIME_MS,
  LEADERBOARD_STALE_TIME_MS,
  QUERY_RETRY_DELAY_MS,
  QUERY_STALE_TIME_MS,
} from '@/config/network';
import { ApiError, api } from './api-client';

export type On401 = 'returnNull' | 'throw';

/**
 * A query function that GETs `path`; with on401 'returnNull' a 401 yields null, with on404
 * 'returnNull' a 404 (there is none), quietly.
 */
export function fetchFrom<T>(
  path: string,
  { on401 = 'throw', on404 = 'throw' }: { on401?: On401; on404?: On401 } = {},
): QueryFunction<T> {
  return ({ signal }) => api.get<T>(path, { signal, on401, on404 });
}

/** Query retries: once, after 1 s, and never for answers that will not change (4xx). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * Defaults by area, on top of the app-wide ones: leaderboard reads are fresh for 30 s; the
 * ball faces for 30 s, and never retried (the board does fine without them).
 */
export const areaDefaults: ReadonlyArray<readonly [QueryKey, Partial<QueryObserverOptions>]> = [
  [['leaderboards'], { staleTime: LEADERBOARD_STALE_TIME_MS }],
  [['faces'], { staleTime: FACES_STALE_TIME_MS, retry: false }],
];

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
  for (const [queryKey, options] of areaDefaults) client.setQueryDefaults(queryKey, options);
  return client;
}

export const queryClient = createQueryClient();

/** Actions after which cached data may be out of date. */
export type DataChangingAction =
  'play-started' | 'game-completed' | 'score-submitted' | 'ads-changed' | 'updates-changed';

/** The data sets refreshed after each action, by key prefix. */
export const invalidationMap: Record<DataChangingAction, readonly QueryKey[]> = {
  'play-started': [
    ['stats', 'play-count'],
    ['admin', 'stats', 'daily'],
  ],
  'game-completed': [
    ['stats', 'play-count'],
    ['admin', 'stats', 'daily'],
    ['admin', 'ads', 'stats'],
  ],
  'score-submitted': [
    ['leaderboards', 'all-time', 'top'],
    ['leaderboards', 'weekly', 'active'],
    ['leaderboards', 'weekly', 'top'],
    ['leaderboards', 'seasonal', 'top'],
    ['admin', 'stats', 'daily'],
    // The dashboard's standing and recent games.
    ['account'],
  ],
  'ads-changed': [
    ['faces', 'icons'],
    ['ads', 'mine'],
    ['admin', 'ads'],
  ],
  // The admin's lists and the public ones (and so the header's 'NEW' badge).
  'updates-changed': [['admin', 'updates'], ['updates']],
};

/** Marks every cached data set the action touches as stale (active ones refetch now). */
export function invalidateAfter(
  action: DataChangingAction,
  client: QueryClient = queryClient,
): Promise<void> {
  const prefixes = invalidationMap[action];
  return client.invalidateQueries({
    predicate: (query) => prefixes.some((prefix) => partialMatchKey(query.queryKey, prefix)),
  });
}
