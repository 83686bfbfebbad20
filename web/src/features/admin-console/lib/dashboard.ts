// The admin dashboard's figures: the last 30 days per day, from each service's own counts. Plays
// and completed games are the ranked games the sessions service started and finished (the
// client's play counter also counts practice games); scores come from the scores service.
import { perDay } from '@/components/stats/days';
import type { AdStats } from '@/types/ads';
import type { DailyStat, GameAnalytics, NewUsers } from '../api/types';

export interface DaySeries {
  plays: number[];
  completedGames: number[];
  scoresSubmitted: number[];
  newUsers: number[];
  suspicious: number[];
  revenueCents: number[];
  impressions: number[];
}

type Source<T> = T | undefined;

/** One value per day of `days` (oldest first) for each figure whose source has answered. */
export function dashboardSeries(
  days: readonly string[],
  sources: {
    daily: Source<DailyStat[]>;
    newUsers: Source<NewUsers>;
    analytics: Source<GameAnalytics>;
    ads: Source<AdStats>;
  },
): Partial<DaySeries> {
  const { daily, newUsers, analytics, ads } = sources;
  const dailyRows = daily?.map((row) => ({ ...row, day: row.date }));
  return {
    ...(dailyRows && { scoresSubmitted: perDay(days, dailyRows, (r) => r.scoresSubmitted) }),
    ...(newUsers && { newUsers: perDay(days, newUsers.days, (r) => r.users) }),
    ...(analytics && {
      plays: perDay(days, analytics.days, (r) => r.started),
      completedGames: perDay(days, analytics.days, (r) => r.finished),
      suspicious: perDay(days, analytics.days, (r) => r.suspicious),
    }),
    ...(ads && {
      revenueCents: perDay(days, ads.revenue, (r) => r.revenueCents),
      impressions: perDay(days, ads.days, (r) => r.impressions),
    }),
  };
}
