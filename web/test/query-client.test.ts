import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import {
  createQueryClient,
  fetchFrom,
  invalidateAfter,
  invalidationMap,
  shouldRetryQuery,
} from '@/lib/query-client';
import { userQueryOptions } from '@/lib/auth/get-user';
import { ballIconsQueryOptions } from '@/features/game/api/get-ball-faces';
import { activeWeeklyLeaderboardQueryOptions } from '@/features/leaderboards/api/get-active-weekly-leaderboard';
import { weeklyRankQueryOptions } from '@/features/leaderboards/api/get-rank-around-me';
import { seasonalTopScoresQueryOptions } from '@/features/leaderboards/api/get-seasonal-top-scores';
import { topScoresQueryOptions } from '@/features/leaderboards/api/get-top-scores';
import { weeklyLeaderboardsQueryOptions } from '@/features/leaderboards/api/get-weekly-leaderboards';
import { weeklyTopScoresQueryOptions } from '@/features/leaderboards/api/get-weekly-top-scores';
import { playCountQueryOptions } from '@/features/stats/api/get-play-count';
import { useApi, respond, sequence } from './helpers/api-server';
import { notAuthenticated, player } from './helpers/users';

describe('query keys name the data, each factory fetches its own path', () => {
  it('keys start with their area, then what narrows them', () => {
    expect(topScoresQueryOptions(3).queryKey).toEqual([
      'leaderboards',
      'all-time',
      'top',
      { limit: 3 },
    ]);
    expect(weeklyTopScoresQueryOptions('7', 50).queryKey).toEqual([
      'leaderboards',
      'weekly',
      'top',
      '7',
      { limit: 50 },
    ]);
    expect(playCountQueryOptions().queryKey).toEqual(['stats', 'play-count']);
    expect(userQueryOptions().queryKey).toEqual(['user']);
  });

  it("a factory's query function GETs its endpoint", async () => {
    const calls = useApi(sequence(respond(200, [{ id: 1 }]), respond(200, [])));
    const client = createQueryClient();
    await expect(client.fetchQuery(topScoresQueryOptions(3))).resolves.toEqual([{ id: 1 }]);
    await client.fetchQuery(weeklyTopScoresQueryOptions('7', 50));
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['GET', '/api/scores/top?limit=3'],
      ['GET', '/api/weekly-leaderboards/7/top-scores?limit=50'],
    ]);
    client.clear();
  });

  it('never reads a request path out of a key', async () => {
    const calls = useApi(respond(200, []));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/scores/top'], retry: false }),
    ).rejects.toThrow();
    expect(calls).toHaveLength(0);
    client.clear();
  });
});

describe('the 401 option', () => {
  it('throws on 401 by default', async () => {
    useApi(respond(401, notAuthenticated));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['admin', 'check-auth'],
        queryFn: fetchFrom('/api/admin/check-auth'),
        retry: false,
      }),
    ).rejects.toThrow('401: {"message":"Not authenticated"}');
    client.clear();
  });

  it("yields null with on401 'returnNull'", async () => {
    useApi(respond(401, notAuthenticated));
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['user'],
        queryFn: fetchFrom('/api/user', { on401: 'returnNull' }),
      }),
    ).resolves.toBeNull();
    client.clear();
  });
});

describe('the current-user query', () => {
  it('is the user when signed in and null on 401', async () => {
    useApi(sequence(respond(200, player), respond(401, notAuthenticated)));
    const client = createQueryClient();
    await expect(client.fetchQuery(userQueryOptions())).resolves.toEqual(player);
    await expect(client.fetchQuery({ ...userQueryOptions(), staleTime: 0 })).resolves.toBeNull();
    client.clear();
  });

  it("fails with 'Failed to fetch user' on other errors", async () => {
    useApi(respond(403, 'nope'));
    const client = createQueryClient();
    const error = await client.fetchQuery(userQueryOptions()).catch((e: unknown) => e);
    expect((error as Error).message).toBe('Failed to fetch user');
    expect((error as Error).cause).toBeInstanceOf(ApiError);
    client.clear();
  });
});

describe('query defaults', () => {
  it('are fresh for 60 s, do not poll, refetch on focus, retry after 1 s; mutations never retry', () => {
    const client = createQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.staleTime).toBe(60_000);
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.retryDelay).toBe(1000);
    expect(mutations?.retry).toBe(false);
  });

  it('by area: leaderboards fresh for 30 s; ball faces fresh for 30 s and never retried', () => {
    const client = createQueryClient();
    // What a query made from these options gets once the client's defaults are applied.
    const staleTime = ({ queryKey }: { queryKey: QueryKey }) =>
      client.defaultQueryOptions({ queryKey }).staleTime;
    expect(staleTime(weeklyLeaderboardsQueryOptions())).toBe(30_000);
    expect(staleTime(topScoresQueryOptions(50))).toBe(30_000);
    expect(staleTime(weeklyRankQueryOptions('7', 'alice'))).toBe(30_000);
    expect(staleTime(ballIconsQueryOptions())).toBe(30_000);
    expect(client.defaultQueryOptions(ballIconsQueryOptions()).retry).toBe(false);
    // Anything else keeps the app-wide minute.
    expect(staleTime(playCountQueryOptions())).toBe(60_000);
    expect(staleTime(userQueryOptions())).toBe(60_000);
  });

  it('retries a failed query once, but never a client error', () => {
    expect(shouldRetryQuery(0, new Error('Network error'))).toBe(true);
    expect(shouldRetryQuery(0, new ApiError(503, 'Service Unavailable', ''))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(503, 'Service Unavailable', ''))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(404, 'Not Found', ''))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError(401, 'Unauthorized', ''))).toBe(false);
  });
});

describe('refreshing cached data after actions', () => {
  const keys = {
    playCount: playCountQueryOptions().queryKey,
    topScores: topScoresQueryOptions(3).queryKey,
    activeWeekly: activeWeeklyLeaderboardQueryOptions().queryKey,
    weeklyTop: weeklyTopScoresQueryOptions('12', 50).queryKey,
    seasonalTop: seasonalTopScoresQueryOptions('3', 50).queryKey,
    weeklyList: weeklyLeaderboardsQueryOptions().queryKey,
    weeklyRank: weeklyRankQueryOptions('12', 'alice').queryKey,
    icons: ['faces', 'icons'],
    myAds: ['ads', 'mine'],
    dailyStats: ['admin', 'stats', 'daily'],
    adsStats: ['admin', 'ads', 'stats', { from: '2026-11-01', to: '2026-11-30' }],
    adminAds: ['admin', 'ads', 'list', { kind: 'ball', state: null }],
    user: userQueryOptions().queryKey,
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

  it('covers every data set that actions change', () => {
    const client = seeded();
    return Promise.all(
      (Object.keys(invalidationMap) as Array<keyof typeof invalidationMap>).map((action) =>
        invalidateAfter(action, client),
      ),
    ).then(() => {
      expect(invalidated(client)).toEqual(
        [
          'activeWeekly',
          'adminAds',
          'adsStats',
          'dailyStats',
          'icons',
          'myAds',
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

  it("a changed ad refreshes the ball icons, the advertiser's ads and the admin ad lists", async () => {
    const client = seeded();
    await invalidateAfter('ads-changed', client);
    expect(invalidated(client)).toEqual(['adminAds', 'adsStats', 'icons', 'myAds']);
  });

  it('a started game refreshes the play count', async () => {
    const client = seeded();
    await invalidateAfter('play-started', client);
    expect(invalidated(client)).toEqual(['dailyStats', 'playCount']);
  });
});
