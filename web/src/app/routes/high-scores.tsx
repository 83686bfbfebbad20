import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Page } from '@/components/page/page';
import { BoardEmpty, BoardError, BoardLoading } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { topScoresQueryOptions } from '@/features/leaderboards/api/get-top-scores';
import { TABLE_ROWS } from '@/features/leaderboards/api/paths';
import { RecentScoresCard } from '@/features/leaderboards/components/recent-scores-card';
import { ScoresTable } from '@/features/leaderboards/components/scores-table';
import { entersBoard } from '@/features/leaderboards/lib/enters-board';
import { useKnownPlayerName } from '@/features/leaderboards/lib/known-player-name';
import { rowsOf } from '@/features/leaderboards/lib/same-player';
import { useRecentScores } from '@/features/realtime/api/recent-scores';
import { reloadPage } from '@/lib/reload-page';
import { useRealtimeStatus } from '@/lib/use-realtime';
import './leaderboards.css';
import './high-scores.css';

/**
 * /high-scores: the all-time ranked table and, beside it (above it on a phone), the 'Recent
 * Scores' card that the realtime connection feeds. A new score that reaches the table reloads
 * it, so both stay live.
 */
export default function HighScoresRoute() {
  const client = useQueryClient();
  const topScores = topScoresQueryOptions(TABLE_ROWS);
  const query = useQuery(topScores);
  const playerName = useKnownPlayerName();
  const realtimeStatus = useRealtimeStatus();
  const recentScores = useRecentScores({
    onNewScore: (score) => {
      if (entersBoard(score, query.data, TABLE_ROWS)) {
        void client.invalidateQueries({ queryKey: topScores.queryKey });
      }
    },
  });

  let body;
  if (query.isPending) body = <BoardLoading label="Loading high scores..." />;
  else if (query.isError) {
    body = (
      <BoardError title="Failed to load high scores" retryLabel="Retry" onRetry={reloadPage} />
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
        No high scores yet. Be the first!
      </BoardEmpty>
    );
  } else {
    body = <ScoresTable label="High scores" scores={query.data} isMe={rowsOf(playerName)} />;
  }

  return (
    <Page
      className="high-scores"
      back={{ to: paths.home, label: 'Back to Game' }}
      title="High Scores"
      subtitle="The best ball busters in town!"
    >
      <div className="high-scores__layout">
        {/* First in reading order, so a phone shows it above the long table; beside it on a
            wide screen. The realtime feed supplies the status and the entries. */}
        <aside className="high-scores__side">
          <RecentScoresCard status={realtimeStatus} entries={recentScores} />
        </aside>
        <section className="high-scores__table" aria-label="High scores table">
          {body}
        </section>
      </div>
    </Page>
  );
}
