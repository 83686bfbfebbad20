import { formatLocalDate, formatNumber } from '@/utils/format';
import type { Score } from '../api/types';
import { LeaderboardTable, type Column } from './leaderboard-table';

const COLUMNS: ReadonlyArray<Column<Score>> = [
  {
    header: 'Score',
    numeric: true,
    cell: (row) => <span className="lb-score">{formatNumber(row.score)}</span>,
  },
  { header: 'Level', numeric: true, cell: (row) => formatNumber(row.level) },
  {
    header: 'Date',
    cell: (row) => <span className="lb-muted">{formatLocalDate(row.createdAt)}</span>,
    folded: (row) => formatLocalDate(row.createdAt),
  },
];

/** The score table: Rank, Player, Score, Level, Date (all-time, high scores, seasons). */
export function ScoresTable({
  label,
  scores,
  isMe,
}: {
  label: string;
  scores: readonly Score[];
  isMe?: (row: Score) => boolean;
}) {
  return <LeaderboardTable label={label} rows={scores} columns={COLUMNS} isMe={isMe} />;
}
