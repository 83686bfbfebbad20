import { useQuery } from '@tanstack/react-query';
import { BoardEmpty, QueryBoard } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { TABLE_ROWS } from '../api/paths';
import type { WeeklyLeaderboard, WeeklyScoreRow } from '../api/types';
import { weeklyTopScoresQueryOptions } from '../api/get-weekly-top-scores';
import { WeeklyScoresTable } from './weekly-scores-table';
import { rowsOf } from '../lib/same-player';

/** One week's table with its loading, error and empty states (leaderboards and archive). */
export function WeekScores({
  week,
  playerName,
}: {
  week: WeeklyLeaderboard;
  playerName?: string | null;
}) {
  const query = useQuery(weeklyTopScoresQueryOptions(week.id, TABLE_ROWS));

  return (
    <QueryBoard
      query={query}
      loading="Loading weekly scores..."
      errorTitle="Error loading weekly scores"
      what="this week's scores"
    >
      {(rows) => <WeekRows week={week} rows={rows} playerName={playerName} />}
    </QueryBoard>
  );
}

function WeekRows({
  week,
  rows,
  playerName,
}: {
  week: WeeklyLeaderboard;
  rows: WeeklyScoreRow[];
  playerName?: string | null;
}) {
  if (rows.length === 0) {
    return week.isActive ? (
      <BoardEmpty
        action={
          <ButtonLink to={paths.play} size="sm">
            Play Now
          </ButtonLink>
        }
      >
        No scores for this week yet. Be the first to enter the leaderboard!
      </BoardEmpty>
    ) : (
      <BoardEmpty>No scores for this week.</BoardEmpty>
    );
  }
  return <WeeklyScoresTable label={`${week.name} scores`} rows={rows} isMe={rowsOf(playerName)} />;
}
