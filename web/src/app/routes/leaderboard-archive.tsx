import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { BoardEmpty, QueryBoard } from '@/components/ui/board-states';
import { paths } from '@/config/paths';
import { weeklyLeaderboardsQueryOptions } from '@/features/leaderboards/api/get-weekly-leaderboards';
import type { WeeklyLeaderboard } from '@/features/leaderboards/api/types';
import { ArchiveWeekList } from '@/features/leaderboards/components/archive-week-list';
import { BoardDates } from '@/features/leaderboards/components/week-banner';
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

  return (
    <Page
      className="leaderboard-archive"
      back={{ to: paths.leaderboards, label: 'Back to Leaderboards' }}
      title="Leaderboard Archive"
      subtitle="Every week's champions, grouped by quarter. Weeks run Monday to Sunday (UTC)."
    >
      <QueryBoard
        query={weeks}
        loading="Loading weekly leaderboards..."
        errorTitle="Error loading weekly leaderboards"
        what="the weekly leaderboards"
      >
        {(all) =>
          all.length === 0 ? (
            <BoardEmpty>No historical leaderboards available</BoardEmpty>
          ) : (
            <Archive
              weeks={all}
              selectedId={params.get('week')}
              onSelect={(week) =>
                setParams({ week: week.id }, { replace: true, preventScrollReset: true })
              }
              playerName={playerName}
            />
          )
        }
      </QueryBoard>
    </Page>
  );
}

function ArchiveWeekHead({ week }: { week: WeeklyLeaderboard }) {
  const { start, end } = boardDays(week);
  return (
    <header className="archive__head">
      <h2>{week.name} Leaderboard</h2>
      <BoardDates dates={`Week runs from ${start} to ${end}`} active={week.isActive} />
    </header>
  );
}

/** The weeks by quarter beside the chosen week's table (the newest when none is chosen). */
function Archive({
  weeks,
  selectedId,
  onSelect,
  playerName,
}: {
  weeks: WeeklyLeaderboard[];
  selectedId: string | null;
  onSelect: (week: WeeklyLeaderboard) => void;
  playerName: string | null;
}) {
  const groups = groupWeeksByQuarter(weeks);
  const selected = weeks.find((w) => w.id === selectedId) ?? groups[0].weeks[0];
  return (
    <div className="archive">
      <aside className="archive__weeks">
        <ArchiveWeekList groups={groups} selectedId={selected.id} onSelect={onSelect} />
      </aside>
      <div className="archive__board">
        <ArchiveWeekHead week={selected} />
        <WeekScores key={selected.id} week={selected} playerName={playerName} />
      </div>
    </div>
  );
}
