// The query layer (SPEC 7 'Shared behaviour', SPEC 9 query defaults): a read takes its path
// from the first element of the query key, a 401 can mean "nothing" instead of an error, and
// one map says which cached data sets refresh after which action.
import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { QUERY_RETRY_DELAY_MS, QUERY_STALE_TIME_MS } from '@/config/network';
import { ApiError, api } from './api-client';

export type On401 = 'returnNull' | 'throw';

/** The request path of a query: the first element of its key. */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const [path] = queryKey;
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`Query key must start with a request path, got ${JSON.stringify(path)}`);
  }
  return path;
}

/** A query function that GETs the key's path; with on401 'returnNull' a 401 yields null. */
export function getQueryFn<T>({ on401 = 'throw' }: { on401?: On401 } = {}): QueryFunction<T> {
  return ({ queryKey, signal }) => api.get<T>(pathFromQueryKey(queryKey), { signal, on401 });
}

/** Query retries: once, after 1 s, and never for answers that will not change (4xx). */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn(),
        staleTime: QUERY_STALE_TIME_MS,
        refetchInterval: false,
        refetchOnWindowFocus: true,
        retry: shouldRetryQuery,
        retryDelay: QUERY_RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Actions after which cached data may be out of date. */
export type DataChangingAction =
  'play-started' | 'game-completed' | 'score-submitted' | 'ad-impression' | 'ads-changed';

/** Matches a cached query by its path: a prefix, or a test on the whole path. */
type PathMatcher = string | ((path: string) => boolean);

const weeklyTopScores = (path: string) =>
  path.startsWith(`${apiPaths.weeklyLeaderboards}/`) && path.includes('/top-scores');
const seasonalTopScores = (path: string) =>
  path.startsWith(`${apiPaths.seasonalLeaderboards}/`) && path.includes('/scores/top');

/** SPEC 7: the data sets refreshed after actions, and which action touches which. */
export const invalidationMap: Record<DataChangingAction, readonly PathMatcher[]> = {
  'play-started': [apiPaths.playCount, apiPaths.adminDailyStats],
  'game-completed': [apiPaths.playCount, apiPaths.adminDailyStats, apiPaths.adminAdsStats],
  'score-submitted': [
    apiPaths.topScores,
    apiPaths.activeWeeklyLeaderboard,
    weeklyTopScores,
    seasonalTopScores,
    apiPaths.adminDailyStats,
  ],
  'ad-impression': [apiPaths.adImpressionStats, apiPaths.adminAdsStats],
  'ads-changed': [
    apiPaths.activeAdsDetails,
    apiPaths.activeAds,
    apiPaths.adminAdsStats,
    apiPaths.adImpressionStats,
  ],
};

function matches(matcher: PathMatcher, path: string): boolean {
  return typeof matcher === 'string' ? path.startsWith(matcher) : matcher(path);
}

/** Marks every cached data set the action touches as stale (active ones refetch now). */
export function invalidateAfter(
  action: DataChangingAction,
  client: QueryClient = queryClient,
): Promise<void> {
  const matchers = invalidationMap[action];
  return client.invalidateQueries({
    predicate: (query) => {
      const [path] = query.queryKey;
      return typeof path === 'string' && matchers.some((m) => matches(m, path));
    },
  });
}
