import { DayChart } from '@/components/charts/bar-chart';
import { DayRangeStats } from '@/components/stats/day-range-stats';
import { perDay, sum } from '@/components/stats/days';
import { StatTiles } from '@/components/stats/stat-tiles';
import { formatCount, formatMoney, formatRate } from '@/utils/format';
import { adStatsQueryOptions } from '../api/get-ad-stats';
import type { AdStats } from '../api/types';
import { totalsPerAd } from '../lib/stats';
import { AdStatsTable } from './ad-stats-table';
import './stats.css';

/** Impressions, clicks and click-through per ad and per day, and revenue per day with refunds. */
export function AdsStats() {
  return (
    <DayRangeStats className="stats-page" queryFor={adStatsQueryOptions} what="the ad statistics">
      {(data, days) => <AdsStatsView data={data} days={days} />}
    </DayRangeStats>
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
