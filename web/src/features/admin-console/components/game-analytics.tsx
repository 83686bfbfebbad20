import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@/components/charts/bar-chart';
import { DayRangePicker, useDayRange } from '@/components/stats/day-range-picker';
import { daysIn, perDay } from '@/components/stats/days';
import { QueryStates } from '@/components/stats/query-states';
import { StatTiles } from '@/components/stats/stat-tiles';
import { formatCount, formatDay } from '@/utils/format';
import { gameAnalyticsQueryOptions } from '../api/figures';
import type { GameAnalytics as Figures } from '../api/types';
import { formatSeconds, formatShare, rangeLabel } from '../lib/format';
import './admin-console.css';

/**
 * How ranked games go, from the games the server held (docs/api.md 'Statistics'): levels
 * reached, game length, moves, extra-moves take-up and plays per day, for a range of days.
 */
export function GameAnalytics() {
  const { range, asked, problem, setRange } = useDayRange();
  const figures = useQuery(gameAnalyticsQueryOptions(range));
  return (
    <div className="admin-console">
      <DayRangePicker asked={asked} problem={problem} onChange={setRange} />
      <QueryStates query={figures} what="the game analytics">
        {(data) => <AnalyticsView data={data} days={daysIn(range)} />}
      </QueryStates>
    </div>
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
        <BarChart
          title="Ranked games started and finished per day"
          labels={days}
          formatLabel={formatDay}
          format={formatCount}
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
            <BarChart
              title="Level reached"
              labelHeader="Level"
              labels={data.levels.map((l) => `Level ${l.level}`)}
              format={formatCount}
              series={[
                {
                  name: 'Games',
                  color: 'var(--tint-purple)',
                  values: data.levels.map((l) => l.games),
                },
              ]}
            />
            <BarChart
              title="Game length"
              labelHeader="Length"
              labels={data.gameSeconds.map((r) => rangeLabel(r, 'seconds'))}
              format={formatCount}
              series={[
                {
                  name: 'Games',
                  color: 'var(--tint-orange)',
                  values: data.gameSeconds.map((r) => r.games),
                },
              ]}
            />
            <BarChart
              title="Moves per game"
              labelHeader="Moves"
              labels={data.moves.map((r) => rangeLabel(r, 'moves'))}
              format={formatCount}
              series={[
                {
                  name: 'Games',
                  color: 'var(--tint-yellow)',
                  values: data.moves.map((r) => r.games),
                },
              ]}
            />
            <BarChart
              title="Extra moves take-up"
              labelHeader="Which games"
              labels={['Ran out of moves', 'Took the extra moves']}
              format={formatCount}
              series={[
                {
                  name: 'Games',
                  color: 'var(--tint-green)',
                  values: [data.extraMovesOffered, data.extraMovesTaken],
                },
              ]}
            />
          </div>
        )}
      </section>
    </>
  );
}
