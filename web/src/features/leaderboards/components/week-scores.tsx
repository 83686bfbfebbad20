import { useQuery } from '@tanstack/react-query';
import { BoardEmpty, BoardError, BoardLoading } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { TABLE_ROWS } from '../api/paths';
import type { WeeklyLeaderboard } from '../api/types';
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

  if (query.isPending) return <BoardLoading label="Loading weekly scores..." />;
  if (query.isError) {
    return (
      <BoardError
        title="Error loading weekly scores"
        what="this week's scores"
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (query.data.length === 0) {
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
  return (
    <WeeklyScoresTable label={`${week.name} scores`} rows={query.data} isMe={rowsOf(playerName)} />
  );
}
