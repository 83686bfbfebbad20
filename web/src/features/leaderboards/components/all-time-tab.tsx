import { useQuery } from '@tanstack/react-query';
import { topScoresQueryOptions } from '../api/get-top-scores';
import { TABLE_ROWS } from '../api/paths';
import { BoardColumns } from './board-columns';
import { ScoresBoard } from './scores-board';
import { AllTimeRank } from './your-rank';
import './leaderboard-tabs.css';

/** The 'All-Time Legends' tab: the best single games ever, Rank, Player, Score, Level, Date. */
export function AllTimeTab({ playerName }: { playerName: string | null }) {
  const query = useQuery(topScoresQueryOptions(TABLE_ROWS));

  const body = (
    <ScoresBoard
      query={query}
      loadingLabel="Loading all-time scores..."
      errorTitle="Error loading all-time scores"
      what="the all-time scores"
      tableLabel="All-time scores"
      playerName={playerName}
    />
  );
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
