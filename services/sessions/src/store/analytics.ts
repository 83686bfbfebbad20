import { perDaySql, type Knex } from '@ballmatch/platform';

/** Games whose figure is at least `from` and below the next edge. */
export interface EdgeCount {
  from: number;
  games: number;
}

export interface GameFigures {
  finished: number;
  levels: Array<{ level: number; games: number }>;
  seconds: EdgeCount[];
  meanSeconds: number;
  medianSeconds: number;
  moves: EdgeCount[];
  meanMoves: number;
  medianMoves: number;
  extraOffered: number;
  extraTaken: number;
}

export interface DayPlays {
  day: string;
  started: number;
  finished: number;
  /** Of the games started that day, those suspicious now. */
  suspicious: number;
}

type Raw = Record<string, unknown>;

// The games that ended in [from, until), each with the figures the analytics count. A game out
// of moves when it ended (or given extra moves) was offered the extra moves.
const FINISHED = `
  SELECT (g.state -> 'level' ->> 'currentLevel')::int AS level,
         (g.state ->> 'totalMoves')::int AS moves,
         (g.state ->> 'extraMovesGranted')::boolean AS extra_taken,
         (g.state ->> 'extraMovesGranted')::boolean
           OR (g.state -> 'level' ->> 'movesUsed')::int
              >= (g.state -> 'level' ->> 'movesAllowed')::int AS extra_offered,
         greatest(0, extract(epoch FROM g.finished_at - s.created_at))::double precision AS seconds
    FROM games g JOIN sessions s ON s.id = g.session_id
   WHERE g.status = 'ended' AND g.finished_at >= :from AND g.finished_at < :until`;

const num = (value: unknown) => Number(value ?? 0);

/** Per-range reads of the held games, for the admins' analytics; each figure is one statement. */
export function createAnalyticsStore(db: Knex) {
  /** Games per range of one figure: `edges` ascending, the first 0 (width_bucket's buckets). */
  async function perRange(
    figure: 'seconds' | 'moves',
    edges: readonly number[],
    range: { from: Date; until: Date },
  ): Promise<EdgeCount[]> {
    const { rows } = await db.raw<{ rows: Raw[] }>(
      `SELECT width_bucket(${figure}::double precision, :edges::double precision[]) AS bucket, count(*)::int AS games
         FROM (${FINISHED}) f GROUP BY 1`,
      { ...range, edges: [...edges] },
    );
    const counts = new Map(rows.map((r) => [num(r.bucket), num(r.games)]));
    return edges.map((from, i) => ({ from, games: counts.get(i + 1) ?? 0 }));
  }

  return {
    async gameFigures(
      range: { from: Date; until: Date },
      edges: { seconds: readonly number[]; moves: readonly number[] },
    ): Promise<GameFigures> {
      const [summary, levels, seconds, moves] = await Promise.all([
        db.raw<{ rows: Raw[] }>(
          `SELECT count(*)::int AS finished,
                  coalesce(avg(seconds), 0) AS mean_seconds,
                  coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds), 0) AS median_seconds,
                  coalesce(avg(moves), 0) AS mean_moves,
                  coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY moves), 0) AS median_moves,
                  count(*) FILTER (WHERE extra_offered)::int AS extra_offered,
                  count(*) FILTER (WHERE extra_taken)::int AS extra_taken
             FROM (${FINISHED}) f`,
          range,
        ),
        db.raw<{ rows: Raw[] }>(
          `SELECT level, count(*)::int AS games FROM (${FINISHED}) f GROUP BY level ORDER BY level`,
          range,
        ),
        perRange('seconds', edges.seconds, range),
        perRange('moves', edges.moves, range),
      ]);
      const s = summary.rows[0]!;
      return {
        finished: num(s.finished),
        levels: levels.rows.map((r) => ({ level: num(r.level), games: num(r.games) })),
        seconds,
        meanSeconds: num(s.mean_seconds),
        medianSeconds: num(s.median_seconds),
        moves,
        meanMoves: num(s.mean_moves),
        medianMoves: num(s.median_moves),
        extraOffered: num(s.extra_offered),
        extraTaken: num(s.extra_taken),
      };
    },

    /**
     * Every UTC day from `from` to `to` (YYYY-MM-DD, inclusive): games started (and how many of
     * them are suspicious now) and ended.
     */
    async playsPerDay(from: string, to: string): Promise<DayPlays[]> {
      const { rows } = await db.raw<{ rows: Raw[] }>(
        `WITH days AS (${perDaySql.days}), started AS (
           SELECT ${perDaySql.dayOf('created_at')} AS day, count(*)::int AS n,
                  count(*) FILTER (WHERE suspicious)::int AS suspicious
             FROM sessions
            WHERE ${perDaySql.within('created_at')}
            GROUP BY 1
         ), finished AS (
           SELECT ${perDaySql.dayOf('finished_at')} AS day, count(*)::int AS n
             FROM games
            WHERE status = 'ended' AND ${perDaySql.within('finished_at')}
            GROUP BY 1
         )
         SELECT to_char(days.day, 'YYYY-MM-DD') AS day,
                coalesce(started.n, 0) AS started, coalesce(finished.n, 0) AS finished,
                coalesce(started.suspicious, 0) AS suspicious
           FROM days LEFT JOIN started USING (day) LEFT JOIN finished USING (day)
          ORDER BY days.day`,
        { from, to },
      );
      return rows.map((r) => ({
        day: String(r.day),
        started: num(r.started),
        finished: num(r.finished),
        suspicious: num(r.suspicious),
      }));
    },
  };
}

export type AnalyticsStore = ReturnType<typeof createAnalyticsStore>;
