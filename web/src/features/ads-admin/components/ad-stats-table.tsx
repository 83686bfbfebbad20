import { useState } from 'react';
import type { AdTotals } from '../lib/stats';
import { AD_STATE_LABELS } from '../lib/ad-states';
import { formatCount, formatMoney, formatRate } from '../lib/format';

type Column = 'ad' | 'state' | 'impressions' | 'clicks' | 'rate' | 'price';

const COLUMNS: Array<{ key: Column; label: string; numeric: boolean }> = [
  { key: 'ad', label: 'Ad', numeric: false },
  { key: 'state', label: 'State', numeric: false },
  { key: 'impressions', label: 'Impressions', numeric: true },
  { key: 'clicks', label: 'Clicks', numeric: true },
  { key: 'rate', label: 'Click-through', numeric: true },
  { key: 'price', label: 'Price', numeric: true },
];

function adName({ ad }: AdTotals): string {
  return `${ad.advertiserName} · ${ad.kind === 'ball' ? `${ad.color} ball` : 'banner'}`;
}

const sortValue: Record<Column, (row: AdTotals) => string | number> = {
  ad: adName,
  state: (row) => AD_STATE_LABELS[row.ad.state] ?? row.ad.state,
  impressions: (row) => row.impressions,
  clicks: (row) => row.clicks,
  rate: (row) => row.rate,
  price: (row) => row.ad.priceCents,
};

/** Impressions, clicks and click-through per ad within the range; each heading sorts. */
export function AdStatsTable({ rows }: { rows: AdTotals[] }) {
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({
    column: 'impressions',
    descending: true,
  });
  const value = sortValue[sort.column];
  const sorted = [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    const order =
      typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sort.descending ? -order : order;
  });

  function sortBy(column: Column, numeric: boolean) {
    setSort((current) =>
      current.column === column
        ? { column, descending: !current.descending }
        : { column, descending: numeric },
    );
  }

  if (rows.length === 0) return <p className="ads-admin-empty">No ads in this range.</p>;
  return (
    <div className="stats-table-wrap">
      <table className="stats-table">
        <caption className="visually-hidden">Per ad, within the chosen days</caption>
        <thead>
          <tr>
            {COLUMNS.map(({ key, label, numeric }) => (
              <th
                key={key}
                scope="col"
                className={numeric ? 'stats-table__num' : undefined}
                aria-sort={
                  sort.column === key ? (sort.descending ? 'descending' : 'ascending') : undefined
                }
              >
                <button type="button" onClick={() => sortBy(key, numeric)}>
                  {label}
                  <span aria-hidden="true">
                    {sort.column === key ? (sort.descending ? ' ▼' : ' ▲') : ''}
                  </span>
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.ad.id}>
              <th scope="row">{adName(row)}</th>
              <td>{sortValue.state(row)}</td>
              <td className="stats-table__num">{formatCount(row.impressions)}</td>
              <td className="stats-table__num">{formatCount(row.clicks)}</td>
              <td className="stats-table__num">{formatRate(row.clicks, row.impressions)}</td>
              <td className="stats-table__num">
                {formatMoney(row.ad.priceCents, row.ad.currency)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
