import { queryOptions } from '@tanstack/react-query';
import type { DayRange } from '@/components/stats/days';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { DailyStat, GameAnalytics, NewUsers } from './types';

const rangeQuery = (range: DayRange) => new URLSearchParams({ from: range.from, to: range.to });

/** GET /api/admin/stats/daily?days=: plays, completed games, scores per UTC day. */
export function dailyStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['admin', 'stats', 'daily', { days }],
    queryFn: fetchFrom<DailyStat[]>(`${apiPaths.adminDailyStats}?days=${days}`),
  });
}

/** GET /api/admin/stats/new-users?from=&to=: players registered per day. */
export function newUsersQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: ['admin', 'stats', 'new-users', range],
    queryFn: fetchFrom<NewUsers>(`${apiPaths.adminNewUsers}?${rangeQuery(range)}`),
  });
}

/** GET /api/admin/game-analytics?from=&to=: the ranked games of the range. */
export function gameAnalyticsQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: ['admin', 'game-analytics', range],
    queryFn: fetchFrom<GameAnalytics>(`${apiPaths.adminGameAnalytics}?${rangeQuery(range)}`),
  });
}
