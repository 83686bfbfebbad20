import type { Color } from '@ballmatch/engine';
import { DayChart } from '@/components/charts/bar-chart';
import { DayRangeStats } from '@/components/stats/day-range-stats';
import { sum } from '@/components/stats/days';
import { StatTiles } from '@/components/stats/stat-tiles';
import { Ball } from '@/components/ui/ball';
import { formatCount } from '@/utils/format';
import { iconStatsQueryOptions } from '../api/icons';
import { iconImpressionsPerColor } from '../lib/stats';
import './stats.css';

/** How often each colour's custom icon was seen: per day (stacked by colour) and in all. */
export function IconsStats() {
  return (
    <DayRangeStats
      className="stats-page"
      queryFor={iconStatsQueryOptions}
      what="the icon statistics"
    >
      {(data, days) => {
        const perColor = iconImpressionsPerColor(days, data.days);
        const total = sum(perColor.map((c) => sum(c.values)));
        return (
          <>
            <StatTiles tiles={[['Icon impressions', formatCount(total)]]} />
            <section className="stats-section">
              <DayChart
                title="Icon impressions per day"
                days={days}
                stacked
                series={perColor.map(({ color, values }) => ({
                  name: color,
                  color: `var(--tint-${color})`,
                  values,
                }))}
              />
            </section>
            <section className="stats-section">
              <h2>Totals per colour</h2>
              <ColorTotals totals={perColor.map(({ color, values }) => [color, sum(values)])} />
            </section>
          </>
        );
      }}
    </DayRangeStats>
  );
}

function ColorTotals({ totals }: { totals: Array<[Color, number]> }) {
  const all = sum(totals.map(([, count]) => count));
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <thead>
          <tr>
            <th scope="col">Colour</th>
            <th scope="col" className="stats-table__num">
              Impressions
            </th>
            <th scope="col" className="stats-table__num">
              Share
            </th>
          </tr>
        </thead>
        <tbody>
          {totals.map(([color, count]) => (
            <tr key={color}>
              <th scope="row" className="stats-table__color">
                <Ball color={color} size={16} />
                {color}
              </th>
              <td className="stats-table__num">{formatCount(count)}</td>
              <td className="stats-table__num">
                {all > 0 ? `${((count / all) * 100).toFixed(1)}%` : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
