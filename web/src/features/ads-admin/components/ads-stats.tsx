import { useQuery } from '@tanstack/react-query';
import { DayChart } from '@/components/charts/bar-chart';
import { DayRangePicker, useDayRange } from '@/components/stats/day-range-picker';
import { daysIn, perDay, sum } from '@/components/stats/days';
import { QueryStates } from '@/components/stats/query-states';
import { StatTiles } from '@/components/stats/stat-tiles';
import { formatCount, formatMoney, formatRate } from '@/utils/format';
import { adStatsQueryOptions } from '../api/get-ad-stats';
import type { AdStats } from '../api/types';
import { totalsPerAd } from '../lib/stats';
import { AdStatsTable } from './ad-stats-table';
import './stats.css';

/** Impressions, clicks and click-through per ad and per day, and revenue per day with refunds. */
export function AdsStats() {
  const { range, asked, problem, setRange } = useDayRange();
  const stats = useQuery(adStatsQueryOptions(range));
  return (
    <div className="stats-page">
      <DayRangePicker asked={asked} problem={problem} onChange={setRange} />
      <QueryStates query={stats} what="the ad statistics">
        {(data) => <AdsStatsView data={data} days={daysIn(range)} />}
      </QueryStates>
    </div>
  );
}

function AdsStatsView({ data, days }: { data: AdStats; days: string[] }) {
  const money = (cents: number) => formatMoney(cents, data.currency);
  const impressions = perDay(days, data.days, (row) => row.impressions);
  const clicks = perDay(days, data.days, (row) => row.clicks);
  const revenue = perDay(days, data.revenue, (row) => row.revenueCents);
  const refunds = perDay(days, data.revenue, (row) => row.refundedCents);
  const [shown, clicked, earned, refunded] = [impressions, clicks, revenue, refunds].map(sum);

  return (
    <>
      <StatTiles
        tiles={[
          ['Impressions', formatCount(shown)],
          ['Clicks', formatCount(clicked)],
          ['Click-through', formatRate(clicked, shown)],
          ['Revenue', money(earned)],
          ['Refunds', money(refunded)],
          ['Net', money(earned - refunded)],
        ]}
      />
      <section className="stats-section">
        <h2>Per ad</h2>
        <AdStatsTable rows={totalsPerAd(data)} />
      </section>
      <section className="stats-section stats-charts">
        {(
          [
            ['Impressions', 'var(--tint-blue)', impressions],
            ['Clicks', 'var(--tint-orange)', clicks],
          ] as const
        ).map(([name, color, values]) => (
          <DayChart
            key={name}
            title={`${name} per day`}
            days={days}
            series={[{ name, color, values }]}
          />
        ))}
        <DayChart
          title="Revenue per day"
          days={days}
          series={[
            { name: 'Revenue', color: 'var(--success)', values: revenue },
            { name: 'Refunds', color: 'var(--danger)', values: refunds },
          ]}
          format={money}
        />
      </section>
    </>
  );
}
