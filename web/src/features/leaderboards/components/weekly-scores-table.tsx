import { formatNumber, formatPercent } from '@/utils/format';
import type { WeeklyScoreRow } from '../api/types';
import { LeaderboardTable, type Column } from './leaderboard-table';

/** The row's share of the week's total: the server's figure, else worked out from the rows. */
export function shareOfTotal(row: WeeklyScoreRow, rows: readonly WeeklyScoreRow[]): number {
  if (typeof row.percentOfTotal === 'number' && Number.isFinite(row.percentOfTotal)) {
    return row.percentOfTotal;
  }
  const total = rows.reduce((sum, r) => sum + (r.totalScore || 0), 0);
  return total > 0 ? (row.totalScore / total) * 100 : 0;
}

function columns(rows: readonly WeeklyScoreRow[]): ReadonlyArray<Column<WeeklyScoreRow>> {
  return [
    {
      header: 'Total Score',
      numeric: true,
      cell: (row) => <span className="lb-score">{formatNumber(row.totalScore)}</span>,
    },
    {
      header: '% of Total',
      numeric: true,
      cell: (row) => {
        const share = shareOfTotal(row, rows);
        return (
          <span className="lb-share">
            <span className="lb-share__bar" aria-hidden="true">
              <span
                className="lb-share__fill"
                style={{ width: `${Math.min(100, Math.max(0, share))}%` }}
              />
            </span>
            <span className="lb-share__value">{formatPercent(share)}</span>
          </span>
        );
      },
    },
    {
      header: 'Games',
      numeric: true,
      cell: (row) => formatNumber(row.gamesPlayed),
      folded: (row) =>
        `${formatNumber(row.gamesPlayed)} ${row.gamesPlayed === 1 ? 'game' : 'games'}`,
    },
    {
      header: 'Avg Score',
      numeric: true,
      cell: (row) => formatNumber(row.avgScore),
      folded: (row) => `avg ${formatNumber(row.avgScore)}`,
    },
    {
      header: 'Highest Level',
      numeric: true,
      cell: (row) => formatNumber(row.highestLevel),
      folded: (row) => `top level ${formatNumber(row.highestLevel)}`,
    },
  ];
}

/**
 * The weekly table: Rank, Player, Total Score, % of Total, Games, Avg Score, Highest Level.
 */
export function WeeklyScoresTable({
  label,
  rows,
  isMe,
}: {
  label: string;
  rows: readonly WeeklyScoreRow[];
  isMe?: (row: WeeklyScoreRow) => boolean;
}) {
  return <LeaderboardTable label={label} rows={rows} columns={columns(rows)} isMe={isMe} />;
}
