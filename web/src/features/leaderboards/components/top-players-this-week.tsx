import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { TOP_SCORES_CARD_STALE_TIME_MS } from '@/config/network';
import { paths } from '@/config/paths';
import { formatNumber } from '@/utils/format';
import { activeWeeklyLeaderboardQueryOptions } from '../api/get-active-weekly-leaderboard';
import { weeklyTopScoresQueryOptions } from '../api/get-weekly-top-scores';
import { TOP_SCORES_CARD_ROWS } from '../api/paths';
import { RankMedal } from './rank-medal';
import './top-players-this-week.css';

/**
 * The home page's 'Top Players This Week' card: the active week's top 3 with medals, name and total
 * score; cached 60 s.
 */
export function TopPlayersThisWeek() {
  // The card keeps its answers longer than the leaderboard pages do (60 s instead of 30 s).
  const week = useQuery({
    ...activeWeeklyLeaderboardQueryOptions(),
    staleTime: TOP_SCORES_CARD_STALE_TIME_MS,
  });
  // No active week: nothing to ask for, and nobody on the board yet.
  const weekId = week.data?.id ?? null;
  const top = useQuery({
    ...weeklyTopScoresQueryOptions(weekId ?? '', TOP_SCORES_CARD_ROWS),
    staleTime: TOP_SCORES_CARD_STALE_TIME_MS,
    enabled: weekId !== null,
  });

  let body;
  if (week.isError || top.isError) {
    body = (
      <p className="top-players__message top-players__message--error">Failed to load top scores.</p>
    );
  } else if (week.isSuccess && weekId === null) {
    body = <p className="top-players__message">No top scores yet. Be the first!</p>;
  } else if (!top.isSuccess) {
    body = <p className="top-players__message">Loading top scores...</p>;
  } else if (top.data.length === 0) {
    body = <p className="top-players__message">No top scores yet. Be the first!</p>;
  } else {
    body = (
      <ol className="stack-list">
        {top.data.slice(0, TOP_SCORES_CARD_ROWS).map((row, index) => (
          <li key={row.id} className="top-players__row">
            <RankMedal rank={index + 1} size={32} />
            <span className="top-players__name" title={row.playerName}>
              {row.playerName}
            </span>
            <span className="top-players__score">{formatNumber(row.totalScore)}</span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <Card className="top-players">
      <CardHeader>
        <CardTitle>Top Players This Week</CardTitle>
      </CardHeader>
      <CardBody>
        {body}
        <Link to={paths.leaderboards} className="top-players__more">
          View Leaderboards
        </Link>
      </CardBody>
    </Card>
  );
}
