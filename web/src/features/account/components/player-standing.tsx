import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStates } from '@/components/stats/query-states';
import { StatTiles } from '@/components/stats/stat-tiles';
import { paths } from '@/config/paths';
import { formatNumber } from '@/utils/format';
import { standingQueryOptions } from '../api/get-my-games';
import type { Standing } from '../api/types';
import './player-dashboard.css';

const rank = (value: number | null, otherwise: string) =>
  value ? `#${formatNumber(value)}` : otherwise;

export function standingTiles(s: Standing): Array<[string, string]> {
  return [
    ['Best score', formatNumber(s.best?.score)],
    ['All-time rank', rank(s.allTimeRank, 'Not ranked')],
    ['This week', rank(s.weeklyRank, 'Not played yet')],
    ['Games on the boards', formatNumber(s.gamesOnBoards)],
  ];
}

/** The dashboard's headline: the best score and where the player ranks, all time and now. */
export function PlayerStanding() {
  const standing = useQuery(standingQueryOptions());
  return (
    <section className="dashboard-section" aria-labelledby="player-standing-title">
      <div className="dashboard-section__head">
        <h2 id="player-standing-title">Your standing</h2>
        <Link to={paths.leaderboards}>Leaderboards</Link>
      </div>
      <QueryStates query={standing} what="your standing">
        {(s) =>
          s.gamesOnBoards === 0 ? (
            <p className="dashboard-section__empty">
              No scores on the leaderboards yet. <Link to={paths.play}>Play a game</Link> and submit
              your score to get ranked.
            </p>
          ) : (
            <StatTiles tiles={standingTiles(s)} />
          )
        }
      </QueryStates>
    </section>
  );
}
