import { useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { DayChart, type ChartSeries } from '@/components/charts/bar-chart';
import { daysIn, lastDays, sum, type DayRange } from '@/components/stats/days';
import { StatTiles } from '@/components/stats/stat-tiles';
import type { AdStats } from '@/types/ads';
import { formatCount, formatMoney } from '@/utils/format';
import {
  dailyStatsQueryOptions,
  gameAnalyticsQueryOptions,
  newUsersQueryOptions,
} from '../api/figures';
import { dashboardSeries, type DaySeries } from '../lib/dashboard';
import { SourceProblems } from './source-problems';
import './admin-console.css';

const DAYS = 30;

interface Figure {
  label: string;
  values: number[] | undefined;
  query: UseQueryResult<unknown>;
  format: (value: number) => string;
}

/** A figure's value, '…' while its source loads, '—' when it could not be read. */
function shown(figure: Figure, pick: (values: number[]) => number): string {
  if (figure.values) return figure.format(pick(figure.values));
  return figure.query.isError ? '—' : '…';
}

/**
 * Today and the last 30 days at a glance: plays, completed games, new users, scores submitted,
 * suspicious sessions, ad revenue and impressions, each from the service that counts it, and
 * each per day in a chart. The ad figures are read as `adStats` says (the ads' admin pages own
 * that read; the route passes it in).
 */
export function AdminOverview({
  adStats,
}: {
  adStats: (range: DayRange) => UseQueryOptions<AdStats>;
}) {
  const range = lastDays(DAYS);
  const days = daysIn(range);
  const daily = useQuery(dailyStatsQueryOptions(DAYS));
  const newUsers = useQuery(newUsersQueryOptions(range));
  const analytics = useQuery(gameAnalyticsQueryOptions(range));
  const ads = useQuery(adStats(range));
  const series: Partial<DaySeries> = dashboardSeries(days, {
    daily: daily.data,
    newUsers: newUsers.data,
    analytics: analytics.data,
    ads: ads.data,
  });
  const money = (cents: number) => formatMoney(cents, ads.data?.currency ?? 'usd');

  const figures: Figure[] = [
    { label: 'Games started', values: series.plays, query: analytics, format: formatCount },
    {
      label: 'Completed games',
      values: series.completedGames,
      query: analytics,
      format: formatCount,
    },
    { label: 'New users', values: series.newUsers, query: newUsers, format: formatCount },
    {
      label: 'Scores submitted',
      values: series.scoresSubmitted,
      query: daily,
      format: formatCount,
    },
    {
      label: 'Suspicious sessions',
      values: series.suspicious,
      query: analytics,
      format: formatCount,
    },
    { label: 'Ad revenue', values: series.revenueCents, query: ads, format: money },
    { label: 'Ad impressions', values: series.impressions, query: ads, format: formatCount },
  ];
  const chart = (title: string, parts: ChartSeries[], format = formatCount) =>
    parts.every((part) => part.values.length > 0) && (
      <DayChart title={title} days={days} series={parts} format={format} />
    );
  const values = (key: keyof DaySeries) => series[key] ?? [];

  return (
    <div className="admin-console">
      <SourceProblems
        sources={[
          { what: 'the score figures', query: daily },
          { what: 'the new users', query: newUsers },
          { what: 'the games played', query: analytics },
          { what: 'the ad figures', query: ads },
        ]}
      />
      <section className="stats-section" aria-labelledby="overview-today">
        <h2 id="overview-today">Today</h2>
        <StatTiles tiles={figures.map((f) => [f.label, shown(f, (v) => v.at(-1) ?? 0)])} />
      </section>
      <section className="stats-section" aria-labelledby="overview-month">
        <h2 id="overview-month">Last {DAYS} days</h2>
        <StatTiles tiles={figures.map((f) => [f.label, shown(f, sum)])} />
      </section>
      <section className="stats-section stats-charts" aria-label={`Per day, last ${DAYS} days`}>
        {chart('Games started and completed per day', [
          { name: 'Started', color: 'var(--tint-blue)', values: values('plays') },
          { name: 'Completed', color: 'var(--tint-green)', values: values('completedGames') },
        ])}
        {chart('New users per day', [
          { name: 'New users', color: 'var(--tint-purple)', values: values('newUsers') },
        ])}
        {chart('Scores submitted per day', [
          { name: 'Scores', color: 'var(--tint-yellow)', values: values('scoresSubmitted') },
        ])}
        {chart('Suspicious sessions per day', [
          { name: 'Suspicious', color: 'var(--tint-red)', values: values('suspicious') },
        ])}
        {chart(
          'Ad revenue per day',
          [{ name: 'Revenue', color: 'var(--success)', values: values('revenueCents') }],
          money,
        )}
        {chart('Ad impressions per day', [
          { name: 'Impressions', color: 'var(--tint-orange)', values: values('impressions') },
        ])}
      </section>
    </div>
  );
}
