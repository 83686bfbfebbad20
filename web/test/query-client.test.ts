import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import {
  createQueryClient,
  getQueryFn,
  invalidateAfter,
  invalidationMap,
  pathFromQueryKey,
  shouldRetryQuery,
} from '@/lib/query-client';
import { userQueryOptions } from '@/features/auth/api/get-user';
import { installFakeFetch, respond, sequence } from './helpers/fake-fetch';
import { notAuthenticated, player } from './helpers/users';

describe('query key → path', () => {
  it('takes the request path from the first element of the key', () => {
    expect(pathFromQueryKey(['/api/scores/top?limit=3'])).toBe('/api/scores/top?limit=3');
    expect(pathFromQueryKey(['/api/weekly-leaderboards/7/top-scores', { page: 2 }])).toBe(
      '/api/weekly-leaderboards/7/top-scores',
    );
  });

  it('refuses keys that do not start with a path', () => {
    expect(() => pathFromQueryKey(['user'])).toThrow('Query key must start with a request path');
    expect(() => pathFromQueryKey([42])).toThrow();
  });

  it('the default query function GETs that path', async () => {
    const calls = installFakeFetch(sequence(respond(200, [{ id: 1 }])));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/scores/top?limit=3', 'extra'] }),
    ).resolves.toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/scores/top?limit=3');
    expect(calls[0].init.method).toBe('GET');
    client.clear();
  });
});

describe('the 401 option', () => {
  it('throws on 401 by default', async () => {
    installFakeFetch(sequence(respond(401, notAuthenticated)));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/admin/check-auth'], retry: false }),
    ).rejects.toThrow('401: {"message":"Not authenticated"}');
    client.clear();
  });

  it("yields null with on401 'returnNull'", async () => {
    installFakeFetch(sequence(respond(401, notAuthenticated)));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401: 'returnNull' }) }),
    ).resolves.toBeNull();
    client.clear();
  });
});

describe('the current-user query', () => {
  it('is the user when signed in and null on 401', async () => {
    installFakeFetch(sequence(respond(200, player), respond(401, notAuthenticated)));
    const client = createQueryClient();
    await expect(client.fetchQuery(userQueryOptions())).resolves.toEqual(player);
    await expect(client.fetchQuery({ ...userQueryOptions(), staleTime: 0 })).resolves.toBeNull();
    client.clear();
  });

  it("fails with 'Failed to fetch user' on other errors", async () => {
    installFakeFetch(sequence(respond(403, 'nope')));
    const client = createQueryClient();
    const error = await client.fetchQuery(userQueryOptions()).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Failed to fetch user');
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    client.clear();
  });
});

describe('query defaults (SPEC 9)', () => {
  it('are fresh for 60 s, do not poll, refetch on focus, retry after 1 s; mutations never retry', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(60_000);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.retryDelay).toBe(1000);
    expect(mutations?.retry).toBe(false);
  });

  it('retries a failed query once, but never a client error', () => {
    expect(shouldRetryQuery(0, new Error('Network error'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'Service Unavailable', ''))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'Not Found', ''))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'Unauthorized', ''))).toBe(false);
  });
});

describe('refreshing cached data after actions (SPEC 7)', () => {
  const keys = {
    playCount: ['/api/stats/play-count'],
    topScores: ['/api/scores/top?limit=3'],
    activeWeekly: ['/api/weekly-leaderboards/active'],
    weeklyTop: ['/api/weekly-leaderboards/12/top-scores'],
    seasonalTop: ['/api/seasonal-leaderboards/3/scores/top'],
    weeklyList: ['/api/weekly-leaderboards'],
    dailyStats: ['/api/admin/stats/daily'],
    adsStats: ['/api/admin/ads/stats'],
    adsDetails: ['/api/active-ads/details'],
    impressions: ['/api/admin/ads/impressions'],
    user: ['/api/user'],
  };

  function seeded(): QueryClient {
    const client = new QueryClient();
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    return client;
  }

  function invalidated(client: QueryClient) {
    return Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  }

  it('covers every data set SPEC lists', () => {
    const client = seeded();
    return Promise.all(
      (Object.keys(invalidationMap) as Array<keyof typeof invalidationMap>).map((action) =>
        invalidateAfter(action, client),
      ),
    ).then(() => {
      expect(invalidated(client)).toEqual(
        [
          'activeWeekly',
          'adsDetails',
          'adsStats',
          'dailyStats',
          'impressions',
          'playCount',
          'seasonalTop',
          'topScores',
          'weeklyTop',
        ].sort(),
      );
    });
  });

  it('a submitted score refreshes top scores and the leaderboards, not the user', async () => {
    const client = seeded();
    await invalidateAfter('score-submitted', client);
    expect(invalidated(client)).toEqual(
      ['activeWeekly', 'dailyStats', 'seasonalTop', 'topScores', 'weeklyTop'].sort(),
    );
  });

  it('a started game refreshes the play count', async () => {
    const client = seeded();
    await invalidateAfter('play-started', client);
    expect(invalidated(client)).toEqual(['dailyStats', 'playCount']);
  });

  it('an ad impression refreshes the ad statistics', async () => {
    const client = seeded();
    await invalidateAfter('ad-impression', client);
    expect(invalidated(client)).toEqual(['adsStats', 'impressions']);
  });
});
