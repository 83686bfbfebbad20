import { Fragment, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { formatCount, formatMoney, formatRate } from '@/utils/format';
import type { AdTotals } from '../lib/stats';
import { AD_STATE_LABELS } from '../lib/ad-states';

type Column = 'ad' | 'state' | 'impressions' | 'clicks' | 'rate' | 'price';

const adKind = ({ ad }: AdTotals) => (ad.kind === 'ball' ? `${ad.color} ball` : 'banner');

function adName(row: AdTotals): string {
  return `${row.ad.advertiserName} · ${adKind(row)}`;
}

const stateLabel = ({ ad }: AdTotals) => AD_STATE_LABELS[ad.state] ?? ad.state;

const sortValue: Record<Column, (row: AdTotals) => string | number> = {
  ad: adName,
  state: stateLabel,
  impressions: (row) => row.impressions,
  clicks: (row) => row.clicks,
  rate: (row) => row.rate,
  price: (row) => row.ad.priceCents,
};

const price = (row: AdTotals) => formatMoney(row.ad.priceCents, row.ad.currency);
const rate = (row: AdTotals) => formatRate(row.clicks, row.impressions);

/**
 * The figure columns. A `folded` one is hidden on a phone and this short text ('962 clicks')
 * shows under the ad's name instead, so the table fits the screen with Ad and Impressions.
 */
const FIGURES: Array<{
  key: Exclude<Column, 'ad'>;
  label: string;
  numeric: boolean;
  cell: (row: AdTotals) => string;
  /** Null: nothing to say under the name (no click-through without impressions). */
  folded?: (row: AdTotals) => string | null;
}> = [
  {
    key: 'state',
    label: 'State',
    numeric: false,
    cell: stateLabel,
    folded: stateLabel,
  },
  {
    key: 'impressions',
    label: 'Impressions',
    numeric: true,
    cell: (row) => formatCount(row.impressions),
  },
  {
    key: 'clicks',
    label: 'Clicks',
    numeric: true,
    cell: (row) => formatCount(row.clicks),
    folded: (row) => `${formatCount(row.clicks)} ${row.clicks === 1 ? 'click' : 'clicks'}`,
  },
  {
    key: 'rate',
    label: 'Click-through',
    numeric: true,
    cell: rate,
    folded: (row) => (row.impressions > 0 ? `${rate(row)} click-through` : null),
  },
  { key: 'price', label: 'Price', numeric: true, cell: price, folded: price },
];

const COLUMNS = [
  { key: 'ad' as const, label: 'Ad', numeric: false, folded: undefined },
  ...FIGURES,
];
const foldedTexts = (row: AdTotals) => FIGURES.flatMap((column) => column.folded?.(row) ?? []);

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
            {COLUMNS.map(({ key, label, numeric, folded }) => (
              <th
                key={key}
                scope="col"
                className={cn(numeric && 'stats-table__num', folded && 'stats-table__secondary')}
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
              <th scope="row" className="stats-table__ad">
                {/* On a phone the advertiser and the kind take a line each, without the dot. */}
                <span className="stats-table__name">
                  {row.ad.advertiserName}
                  <span className="stats-table__dot"> · </span>
                  <span className="stats-table__kind">{adKind(row)}</span>
                </span>
                <span className="stats-table__folded">
                  {/* Commas between, so a long line wraps after one, as text does. */}
                  {foldedTexts(row).map((text, index) => (
                    <Fragment key={index}>
                      {index > 0 && ', '}
                      <span>{text}</span>
                    </Fragment>
                  ))}
                </span>
              </th>
              {FIGURES.map((column) => (
                <td
                  key={column.key}
                  className={cn(
                    column.numeric && 'stats-table__num',
                    column.folded && 'stats-table__secondary',
                  )}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
