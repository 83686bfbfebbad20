import { Fragment, type ReactNode } from 'react';
import { Ball } from '@/components/ui/ball';
import { cn } from '@/components/ui/cn';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { ballColorOf } from '../lib/ball-color';
import { RankMedal } from './rank-medal';
import './leaderboard-table.css';

export interface Column<Row> {
  /** The header text (the column's name). */
  header: string;
  cell: (row: Row, rank: number) => ReactNode;
  /** Numbers align right. */
  numeric?: boolean;
  /**
   * Makes this a secondary column: on a phone it is hidden and this short text ('5 games')
   * shows under the player's name instead, so the table fits the screen without scrolling.
   */
  folded?: (row: Row) => ReactNode;
}

/**
 * A ranked table: Rank (medals for 1–3), Player, then the columns. On a phone the secondary
 * columns fold into the player's cell (see `Column.folded`). Rows 1–3 are highlighted, the
 * first most.
 */
export function LeaderboardTable<Row extends { id: string; playerName: string }>({
  label,
  rows,
  columns,
  rankOf = (_row, index) => index + 1,
  isMe,
  className,
}: {
  /** What the table is, for screen readers (also names its scroll region). */
  label: string;
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rankOf?: (row: Row, index: number) => number;
  isMe?: (row: Row) => boolean;
  className?: string;
}) {
  const folded = columns.filter((column) => column.folded);
  return (
    // Scrolls should a screen be narrower still.
    <div className={cn('lb-table-frame', className)}>
      <ScrollRegion className="lb-table-wrap" aria-label={label}>
        <table className="lb-table">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col" className="lb-col-rank">
                Rank
              </th>
              <th scope="col" className="lb-col-player">
                Player
              </th>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={cn(column.numeric && 'lb-num', column.folded && 'lb-secondary')}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const rank = rankOf(row, index);
              const me = isMe?.(row) ?? false;
              return (
                <tr
                  key={row.id}
                  className={cn(
                    'lb-row',
                    rank <= 3 && `lb-row--top lb-row--rank-${rank}`,
                    rank === 1 && 'lb-row--first',
                    me && 'lb-row--me',
                  )}
                  aria-current={me ? 'true' : undefined}
                >
                  <td className="lb-col-rank">
                    <RankMedal rank={rank} />
                  </td>
                  <th scope="row" className="lb-col-player">
                    <span className="lb-player" title={row.playerName}>
                      <Ball color={ballColorOf(row.playerName)} size={14} />
                      <span className="lb-player__name">{row.playerName}</span>
                      {me && <span className="lb-player__me">You</span>}
                    </span>
                    {folded.length > 0 && (
                      <span className="lb-folded">
                        {/* Commas between, so a long line wraps after one, as text does. */}
                        {folded.map((column, index) => (
                          <Fragment key={column.header}>
                            {index > 0 && ', '}
                            <span>{column.folded?.(row)}</span>
                          </Fragment>
                        ))}
                      </span>
                    )}
                  </th>
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      className={cn(column.numeric && 'lb-num', column.folded && 'lb-secondary')}
                    >
                      {column.cell(row, rank)}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </div>
  );
}
