import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/page/page';
import { BoardError } from '@/components/ui/board-states';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { activeSeasonalLeaderboardQueryOptions } from '@/features/leaderboards/api/get-active-seasonal-leaderboard';
import { AllTimeTab } from '@/features/leaderboards/components/all-time-tab';
import { SeasonalTab } from '@/features/leaderboards/components/seasonal-tab';
import { WeeklyTab } from '@/features/leaderboards/components/weekly-tab';
import { useKnownPlayerName } from '@/features/leaderboards/lib/known-player-name';
import './leaderboards.css';

type Tab = 'weekly' | 'all-time' | 'season';

function tabFrom(value: string | null): Tab {
  return value === 'all-time' || value === 'season' ? value : 'weekly';
}

/**
 * /leaderboards: 'Weekly Champions' (default) and 'All-Time Legends', plus 'Season' while a
 * seasonal board runs, or holding 'Error loading seasons' when that cannot be told. The tab and the chosen week live in the URL (?tab=, ?week=), so any board
 * can be linked to.
 */
export default function LeaderboardsRoute() {
  const [params, setParams] = useSearchParams();
  const playerName = useKnownPlayerName();
  const season = useQuery(activeSeasonalLeaderboardQueryOptions());
  const activeSeason = season.data ?? null;

  let tab = tabFrom(params.get('tab'));
  if (tab === 'season' && !activeSeason && !season.isError) tab = 'weekly';

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true, preventScrollReset: true });
  }

  const items = [
    {
      value: 'weekly' as const,
      label: 'Weekly Champions',
      content: (
        <WeeklyTab
          selectedWeekId={params.get('week')}
          onSelectWeek={(week) => update({ week: week.id })}
          playerName={playerName}
        />
      ),
    },
    {
      value: 'all-time' as const,
      label: 'All-Time Legends',
      content: <AllTimeTab playerName={playerName} />,
    },
    ...(activeSeason || season.isError
      ? [
          {
            value: 'season' as const,
            label: 'Season',
            content: activeSeason ? (
              <SeasonalTab season={activeSeason} playerName={playerName} />
            ) : (
              <BoardError
                title="Error loading seasons"
                what="the seasons"
                onRetry={() => void season.refetch()}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <Page
      className="leaderboards"
      back={{ to: paths.home, label: 'Back to Game' }}
      title="Leaderboards"
      subtitle="Climb this week's board before the Monday reset, or join the all-time legends."
    >
      <Tabs
        label="Leaderboards"
        className="leaderboards-tabs"
        items={items}
        value={tab}
        onChange={(value) => update({ tab: value === 'weekly' ? null : value })}
      />
    </Page>
  );
}
