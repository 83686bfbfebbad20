import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { Badge } from '@/components/ui/badge';
import { BoardEmpty, BoardError, BoardLoading } from '@/components/ui/board-states';
import { paths } from '@/config/paths';
import { weeklyLeaderboardsQueryOptions } from '@/features/leaderboards/api/get-weekly-leaderboards';
import type { WeeklyLeaderboard } from '@/features/leaderboards/api/types';
import { ArchiveWeekList } from '@/features/leaderboards/components/archive-week-list';
import { WeekScores } from '@/features/leaderboards/components/week-scores';
import { boardDays } from '@/features/leaderboards/lib/format';
import { useKnownPlayerName } from '@/features/leaderboards/lib/known-player-name';
import { groupWeeksByQuarter } from '@/features/leaderboards/lib/quarters';
import './leaderboards.css';
import './leaderboard-archive.css';

/**
 * /leaderboard-archive: every weekly board grouped by the quarter of its start date, newest first,
 * the newest week preselected, and the chosen week's table (?week= in the URL).
 */
export default function LeaderboardArchiveRoute() {
  const [params, setParams] = useSearchParams();
  const weeks = useQuery(weeklyLeaderboardsQueryOptions());
  const playerName = useKnownPlayerName();

  let body;
  if (weeks.isPending) body = <BoardLoading label="Loading weekly leaderboards..." />;
  else if (weeks.isError) {
    body = (
      <BoardError
        title="Error loading weekly leaderboards"
        what="the weekly leaderboards"
        onRetry={() => void weeks.refetch()}
      />
    );
  } else if (weeks.data.length === 0) {
    body = <BoardEmpty>No historical leaderboards available</BoardEmpty>;
  } else {
    const groups = groupWeeksByQuarter(weeks.data);
    const selected = weeks.data.find((w) => w.id === params.get('week')) ?? groups[0].weeks[0];
    body = (
      <div className="archive">
        <aside className="archive__weeks">
          <ArchiveWeekList
            groups={groups}
            selectedId={selected.id}
            onSelect={(week) =>
              setParams({ week: week.id }, { replace: true, preventScrollReset: true })
            }
          />
        </aside>
        <div className="archive__board">
          <ArchiveWeekHead week={selected} />
          <WeekScores key={selected.id} week={selected} playerName={playerName} />
        </div>
      </div>
    );
  }

  return (
    <Page
      className="leaderboard-archive"
      back={{ to: paths.leaderboards, label: 'Back to Leaderboards' }}
      title="Leaderboard Archive"
      subtitle="Every week's champions, grouped by quarter. Weeks run Monday to Sunday (UTC)."
    >
      {body}
    </Page>
  );
}

function ArchiveWeekHead({ week }: { week: WeeklyLeaderboard }) {
  const { start, end } = boardDays(week);
  return (
    <header className="archive__head">
      <h2>{week.name} Leaderboard</h2>
      <p>
        <span>
          Week runs from {start} to {end}
        </span>
        {week.isActive && <Badge tone="green">Active</Badge>}
      </p>
    </header>
  );
}
