import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryStates } from '@/components/stats/query-states';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { formatLocalTime, formatNumber } from '@/utils/format';
import { myGamesQueryOptions } from '../api/get-my-games';
import type { MyGame } from '../api/types';
import './player-dashboard.css';

export const RECENT_GAMES = 10;

/** 'Nov 24', short enough for a phone's column (the time goes under it). */
const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
function shortDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : day.format(date);
}

/** Where a game stands now, in the player's words. */
export function gameStatus(game: MyGame): [string, BadgeTone] {
  if (game.voidedAt) return ['Removed', 'neutral'];
  if (game.reviewState === 'held') return ['Under review', 'orange'];
  if (game.reviewState === 'rejected') return ['Rejected', 'neutral'];
  return ['On the boards', 'green'];
}

/** The player's latest submitted games, newest first, each with what became of it. */
export function RecentGames() {
  const games = useQuery(myGamesQueryOptions(RECENT_GAMES));
  return (
    <section className="dashboard-section" aria-labelledby="recent-games-title">
      <div className="dashboard-section__head">
        <h2 id="recent-games-title">Recent games</h2>
        <Link to={paths.play}>Play again</Link>
      </div>
      <QueryStates query={games} what="your games">
        {(page) =>
          page.data.length === 0 ? (
            <p className="dashboard-section__empty">
              Your verified games will be listed here once you submit a score.
            </p>
          ) : (
            <>
              <table className="recent-games">
                <caption className="visually-hidden">Your latest games, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Score</th>
                    <th scope="col">Level</th>
                    <th scope="col" className="recent-games__secondary">
                      Moves
                    </th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((game) => {
                    const [status, tone] = gameStatus(game);
                    return (
                      <tr key={game.id} data-testid="recent-game">
                        <td>
                          <time className="recent-games__when" dateTime={game.createdAt}>
                            {shortDay(game.createdAt)}
                            <small>{formatLocalTime(game.createdAt)}</small>
                          </time>
                        </td>
                        <td className="recent-games__score">{formatNumber(game.score)}</td>
                        <td>{game.level}</td>
                        <td className="recent-games__secondary">{formatNumber(game.moves)}</td>
                        <td>
                          <Badge tone={tone}>{status}</Badge>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {page.pagination.total > page.data.length && (
                <p className="dashboard-section__note">
                  Your latest {page.data.length} of {formatNumber(page.pagination.total)} games.
                </p>
              )}
            </>
          )
        }
      </QueryStates>
    </section>
  );
}
