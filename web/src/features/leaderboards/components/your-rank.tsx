import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { formatNumber } from '@/utils/format';
import {
  allTimeRankQueryOptions,
  seasonalRankQueryOptions,
  weeklyRankQueryOptions,
} from '../api/get-rank-around-me';
import type { RankAroundMe } from '../api/types';
import { RankMedal } from './rank-medal';
import './your-rank.css';

interface RankLine {
  key: string;
  rank: number;
  playerName: string;
  value: number;
  isMe: boolean;
}

/** The neighbours with their ranks (from the answer, else counted from the player's place). */
export function rankLines<Row extends { id: string; playerName: string }>(
  answer: RankAroundMe<Row>,
  valueOf: (row: Row) => number,
): RankLine[] {
  const around: Array<Row & { rank?: number }> = answer.around.length
    ? answer.around
    : [answer.entry];
  let meIndex = around.findIndex((row) => row.id === answer.entry.id);
  if (meIndex < 0) meIndex = around.findIndex((row) => row.playerName === answer.entry.playerName);
  return around.map((row, index) => ({
    key: row.id,
    rank: typeof row.rank === 'number' ? row.rank : answer.rank + (index - Math.max(0, meIndex)),
    playerName: row.playerName,
    value: valueOf(row),
    isMe: index === meIndex,
  }));
}

/**
 * 'Your rank': the player's place on a board and the entries around it, or a nudge to play
 * when the player has no entry on this board yet.
 */
function YourRank<Row extends { id: string; playerName: string }>({
  playerName,
  query,
  valueOf,
  unit,
}: {
  playerName: string;
  query: UseQueryResult<RankAroundMe<Row> | null>;
  valueOf: (row: Row) => number;
  /** What the value is, e.g. 'pts'. */
  unit: string;
}) {
  if (query.isPending || query.isError) {
    return (
      <section className="your-rank your-rank--quiet" aria-label="Your rank">
        <span className="your-rank__label">Your rank</span>
        <p className="your-rank__nudge">
          {query.isPending ? 'Finding your place...' : 'Your rank could not be loaded right now.'}
        </p>
      </section>
    );
  }

  if (!query.data) {
    return (
      <section className="your-rank your-rank--quiet" aria-label="Your rank">
        <span className="your-rank__label">Your rank</span>
        <p className="your-rank__nudge">
          <strong>{playerName}</strong>, you are not on this board yet. Play a game to get ranked!
        </p>
        <ButtonLink to={paths.play} size="sm">
          Play Now
        </ButtonLink>
      </section>
    );
  }

  const answer = query.data;
  const lines = rankLines(answer, valueOf);
  return (
    <section className="your-rank" aria-label="Your rank">
      <div className="your-rank__head">
        <span className="your-rank__label">Your rank</span>
        <span className="your-rank__rank">#{formatNumber(answer.rank)}</span>
        <span className="your-rank__name" title={answer.entry.playerName}>
          {answer.entry.playerName}
        </span>
      </div>
      <ol className="your-rank__list" aria-label="Players around you">
        {lines.map((line) => (
          <li key={line.key} className={cn('your-rank__line', line.isMe && 'your-rank__line--me')}>
            <span className="your-rank__pos">
              <RankMedal rank={line.rank} size={24} />
            </span>
            <span className="your-rank__player" title={line.playerName}>
              {line.playerName}
            </span>
            <span className="your-rank__value">
              {formatNumber(line.value)} <span className="your-rank__unit">{unit}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The player's place on a week's board, by total score. */
export function WeeklyRank({ weekId, playerName }: { weekId: string; playerName: string }) {
  const query = useQuery(weeklyRankQueryOptions(weekId, playerName));
  return (
    <YourRank playerName={playerName} query={query} valueOf={(r) => r.totalScore} unit="pts" />
  );
}

/** The player's best score's place on the all-time board. */
export function AllTimeRank({ playerName }: { playerName: string }) {
  const query = useQuery(allTimeRankQueryOptions(playerName));
  return <YourRank playerName={playerName} query={query} valueOf={(r) => r.score} unit="pts" />;
}

/** The player's place on a season's board. */
export function SeasonalRank({ seasonId, playerName }: { seasonId: string; playerName: string }) {
  const query = useQuery(seasonalRankQueryOptions(seasonId, playerName));
  return <YourRank playerName={playerName} query={query} valueOf={(r) => r.score} unit="pts" />;
}
