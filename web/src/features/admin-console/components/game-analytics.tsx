import { BarChart, DayChart } from '@/components/charts/bar-chart';
import { DayRangeStats } from '@/components/stats/day-range-stats';
import { perDay } from '@/components/stats/days';
import { StatTiles } from '@/components/stats/stat-tiles';
import { formatCount } from '@/utils/format';
import { gameAnalyticsQueryOptions } from '../api/figures';
import type { GameAnalytics as Figures } from '../api/types';
import { formatSeconds, formatShare, rangeLabel } from '../lib/format';
import './admin-console.css';

/**
 * How ranked games go, from the games the server held (docs/api.md 'Statistics'): levels
 * reached, game length, moves, extra-moves take-up and plays per day, for a range of days.
 */
export function GameAnalytics() {
  return (
    <DayRangeStats
      className="admin-console"
      queryFor={gameAnalyticsQueryOptions}
      what="the game analytics"
    >
      {(data, days) => <AnalyticsView data={data} days={days} />}
    </DayRangeStats>
  );
}

function AnalyticsView({ data, days }: { data: Figures; days: string[] }) {
  const finished = data.gamesFinished;
  return (
    <>
      <StatTiles
        tiles={[
          ['Games started', formatCount(data.gamesStarted)],
          ['Games finished', formatCount(finished)],
          ['Mean game length', finished ? formatSeconds(data.meanGameSeconds) : '—'],
          ['Median game length', finished ? formatSeconds(data.medianGameSeconds) : '—'],
          ['Mean moves', finished ? formatCount(Math.round(data.meanMoves)) : '—'],
          ['Median moves', finished ? formatCount(Math.round(data.medianMoves)) : '—'],
          [
            'Extra moves taken',
            `${formatCount(data.extraMovesTaken)} of ${formatCount(data.extraMovesOffered)} (${formatShare(data.extraMovesTaken, data.extraMovesOffered)})`,
          ],
        ]}
      />
      <section className="stats-section" aria-labelledby="analytics-days">
        <h2 id="analytics-days">Plays per day</h2>
        <DayChart
          title="Ranked games started and finished per day"
          days={days}
          series={[
            {
              name: 'Started',
              color: 'var(--tint-blue)',
              values: perDay(days, data.days, (d) => d.started),
            },
            {
              name: 'Finished',
              color: 'var(--tint-green)',
              values: perDay(days, data.days, (d) => d.finished),
            },
          ]}
        />
      </section>
      <section className="stats-section" aria-labelledby="analytics-games">
        <h2 id="analytics-games">The games that ended</h2>
        {finished === 0 ? (
          <p className="admin-console__empty">No ranked game ended in these days.</p>
        ) : (
          <div className="stats-charts">
            <GamesChart
              title="Level reached"
              labelHeader="Level"
              color="var(--tint-purple)"
              rows={data.levels.map((l) => [`Level ${l.level}`, l.games])}
            />
            <GamesChart
              title="Game length"
              labelHeader="Length"
              color="var(--tint-orange)"
              rows={data.gameSeconds.map((r) => [rangeLabel(r, 'seconds'), r.games])}
            />
            <GamesChart
              title="Moves per game"
              labelHeader="Moves"
              color="var(--tint-yellow)"
              rows={data.moves.map((r) => [rangeLabel(r, 'moves'), r.games])}
            />
            <GamesChart
              title="Extra moves take-up"
              labelHeader="Which games"
              color="var(--tint-green)"
              rows={[
                ['Ran out of moves', data.extraMovesOffered],
                ['Took the extra moves', data.extraMovesTaken],
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}

/** A chart of how many games fall in each row (a label and its count of games). */
function GamesChart({
  title,
  labelHeader,
  color,
  rows,
}: {
  title: string;
  labelHeader: string;
  color: string;
  rows: [label: string, games: number][];
}) {
  return (
    <BarChart
      title={title}
      labelHeader={labelHeader}
      labels={rows.map(([label]) => label)}
      format={formatCount}
      series={[{ name: 'Games', color, values: rows.map(([, games]) => games) }]}
    />
  );
}
