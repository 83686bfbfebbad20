import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BoardEmpty, BoardError, BoardLoading } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { activeWeeklyLeaderboardQueryOptions } from '../api/get-active-weekly-leaderboard';
import { weeklyLeaderboardsQueryOptions } from '../api/get-weekly-leaderboards';
import { invalidateWeeklyBoards } from '../api/invalidate-weekly';
import type { WeeklyLeaderboard } from '../api/types';
import { recentWeeks } from '../lib/recent-weeks';
import { BoardColumns } from './board-columns';
import { ArchiveIcon } from './icons';
import { WeekBanner } from './week-banner';
import { WeekScores } from './week-scores';
import { WeekSelector } from './week-selector';
import { WeeklyRank } from './your-rank';
import './leaderboard-tabs.css';

/**
 * The 'Weekly Champions' tab: the selected week (the active one unless another is chosen),
 * the 5 newest weeks to choose from, the player's own rank and the week's table.
 */
export function WeeklyTab({
  selectedWeekId,
  onSelectWeek,
  playerName,
}: {
  selectedWeekId: string | null;
  onSelectWeek: (week: WeeklyLeaderboard) => void;
  playerName: string | null;
}) {
  const client = useQueryClient();
  const weeks = useQuery(weeklyLeaderboardsQueryOptions());
  const active = useQuery(activeWeeklyLeaderboardQueryOptions());

  if (weeks.isPending || active.isPending) {
    return <BoardLoading label="Loading weekly leaderboards..." />;
  }
  if (weeks.isError) {
    return (
      <BoardError
        title="Error loading weekly leaderboards"
        what="the weekly leaderboards"
        onRetry={() => {
          void weeks.refetch();
          if (active.isError) void active.refetch();
        }}
      />
    );
  }

  // Without the active week's answer, the list's own isActive flags still say which it is.
  const activeWeek = active.data ?? weeks.data.find((w) => w.isActive);
  const recent = recentWeeks(weeks.data, activeWeek);
  const all =
    activeWeek && !weeks.data.some((w) => w.id === activeWeek.id)
      ? [activeWeek, ...weeks.data]
      : weeks.data;
  const selected =
    all.find((w) => w.id === selectedWeekId) ??
    (activeWeek ? { ...activeWeek, isActive: true } : recent[0]);

  if (!selected) {
    return (
      <BoardEmpty>No scores for this week yet. Be the first to enter the leaderboard!</BoardEmpty>
    );
  }
  const week = recent.find((w) => w.id === selected.id) ?? selected;

  return (
    <div className="board-stack">
      <WeekBanner week={week} onReset={() => void invalidateWeeklyBoards(client)} />
      <WeekSelector
        weeks={recent}
        selectedId={week.id}
        onSelect={onSelectWeek}
        action={
          <ButtonLink to={paths.leaderboardArchive} variant="secondary" size="sm">
            <ArchiveIcon />
            View Archive
          </ButtonLink>
        }
      />
      <BoardColumns
        rank={playerName && <WeeklyRank key={week.id} weekId={week.id} playerName={playerName} />}
      >
        <WeekScores week={week} playerName={playerName} />
      </BoardColumns>
    </div>
  );
}
