import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { topScoresQueryOptions } from '../api/get-top-scores';
import { TABLE_ROWS } from '../api/paths';
import { BoardColumns } from './board-columns';
import { BoardEmpty, BoardError, BoardLoading } from './board-states';
import { ScoresTable } from './scores-table';
import { AllTimeRank } from './your-rank';
import './leaderboard-tabs.css';
import { rowsOf } from '../lib/same-player';

/** The 'All-Time Legends' tab: the best single games ever, Rank, Player, Score, Level, Date. */
export function AllTimeTab({ playerName }: { playerName: string | null }) {
  const query = useQuery(topScoresQueryOptions(TABLE_ROWS));

  let body;
  if (query.isPending) body = <BoardLoading label="Loading all-time scores..." />;
  else if (query.isError) {
    body = (
      <BoardError
        title="Error loading all-time scores"
        what="the all-time scores"
        onRetry={() => void query.refetch()}
      />
    );
  } else if (query.data.length === 0) {
    body = (
      <BoardEmpty
        action={
          <ButtonLink to={paths.play} size="sm">
            Play Now
          </ButtonLink>
        }
      >
        No scores found. Be the first to enter the leaderboard!
      </BoardEmpty>
    );
  } else {
    body = <ScoresTable label="All-time scores" scores={query.data} isMe={rowsOf(playerName)} />;
  }

  return (
    <div className="board-stack">
      <div className="board-intro">
        <div>
          <h2>All-Time Legends</h2>
          <p>The best single games ever played on BallMatch.</p>
        </div>
      </div>
      <BoardColumns rank={playerName && <AllTimeRank playerName={playerName} />}>
        {body}
      </BoardColumns>
    </div>
  );
}
