import { preparedQuery, type Knex } from '@ballmatch/platform';

export interface DailyRow {
  date: string;
  plays: number;
  playsWithAds: number;
  completedGames: number;
  completedWithAds: number;
  adBlockerGames: number;
  avgGameTime: number;
  avgSessionTime: number;
  avgPointsMultiplier: number;
  scoresSubmitted: number;
  uniquePlayers: number;
}

export interface CompletedGame {
  sessionTime: number;
  gameTime: number;
  hasAds: boolean;
  adIds: string[];
  adBlockerDetected: boolean;
  pointsMultiplier: number;
}

/**
 * Play statistics, counted in PostgreSQL by one statement per call (the day's row and the
 * all-time total together): exact and durable, no counter to flush and nothing lost with Redis.
 */
const PLAY_SQL = `
WITH d AS (
  INSERT INTO daily_stats (day, plays, plays_with_ads) VALUES ($1::date, 1, $2::int)
  ON CONFLICT (day) DO UPDATE SET plays = daily_stats.plays + 1,
    plays_with_ads = daily_stats.plays_with_ads + EXCLUDED.plays_with_ads
)
UPDATE stat_totals SET value = value + 1 WHERE name = 'plays' RETURNING value`;

/**
 * A finished ranked game (session.finished), once per session: the session is remembered, and
 * only if it was new does the day's row and the all-time total count it.
 */
const FINISHED_SQL = `
WITH f AS (
  INSERT INTO finished_sessions (session_id, finished_at, game_seconds)
  VALUES (?, ?, ?) ON CONFLICT (session_id) DO NOTHING
  RETURNING finished_at, game_seconds
), d AS (
  INSERT INTO daily_stats AS ds (day, completed_games, total_game_seconds)
  SELECT CAST(f.finished_at AT TIME ZONE 'UTC' AS date), 1, f.game_seconds FROM f
  ON CONFLICT (day) DO UPDATE SET
    completed_games = ds.completed_games + 1,
    total_game_seconds = ds.total_game_seconds + EXCLUDED.total_game_seconds
)
UPDATE stat_totals SET value = value + 1
WHERE name = 'completed' AND EXISTS (SELECT 1 FROM f)`;

export interface FinishedGame {
  sessionId: string;
  finishedAt: Date;
  /** From the session's start to the game's end. */
  gameSeconds: number;
}

const day = (at: Date) => at.toISOString().slice(0, 10);
const round2 = (n: number) => Math.round(n * 100) / 100;

export function createStatsStore(db: Knex) {
  return {
    async play(hasAds: boolean, at: Date): Promise<number> {
      const [row] = await preparedQuery<{ value: string }>(db, 'stats_play', PLAY_SQL, [
        day(at),
        hasAds ? 1 : 0,
      ]);
      return Number(row!.value);
    },

    async finished(trx: Knex.Transaction, game: FinishedGame): Promise<void> {
      await trx.raw(FINISHED_SQL, [game.sessionId, game.finishedAt, game.gameSeconds]);
    },

    async completedCount(): Promise<number> {
      const row = await db('stat_totals').where({ name: 'completed' }).first();
      return Number(row?.value ?? 0);
    },

    /** Every day of the range (zeros included), newest first, with that day's verified scores. */
    async daily(days: number, today: Date): Promise<DailyRow[]> {
      const last = day(today);
      const { rows } = await db.raw(
        `SELECT to_char(g.day, 'YYYY-MM-DD') AS date, d.*, coalesce(sc.n, 0) AS scores,
                coalesce(sc.players, 0) AS players
         FROM generate_series(CAST(CAST(? AS date) - (? - 1) AS timestamp),
                              CAST(CAST(? AS date) AS timestamp), interval '1 day') AS g(day)
         LEFT JOIN daily_stats d ON d.day = g.day
         LEFT JOIN (
           SELECT CAST(created_at AT TIME ZONE 'UTC' AS date) AS day, count(*) AS n,
                  count(DISTINCT player_key) AS players
           FROM scores
           WHERE created_at >= CAST(CAST(? AS date) - (? - 1) AS timestamp) AT TIME ZONE 'UTC'
             AND created_at < CAST(CAST(? AS date) + 1 AS timestamp) AT TIME ZONE 'UTC'
           GROUP BY 1
         ) sc ON sc.day = g.day
         ORDER BY g.day DESC`,
        [last, days, last, last, days, last],
      );
      return (rows as Record<string, unknown>[]).map((r) => {
        const completed = Number(r.completed_games ?? 0);
        const per = (total: unknown) => (completed ? round2(Number(total ?? 0) / completed) : 0);
        return {
          date: String(r.date),
          plays: Number(r.plays ?? 0),
          playsWithAds: Number(r.plays_with_ads ?? 0),
          completedGames: completed,
          completedWithAds: Number(r.completed_with_ads ?? 0),
          adBlockerGames: Number(r.ad_blocker_games ?? 0),
          avgGameTime: per(r.total_game_seconds),
          avgSessionTime: per(r.total_session_seconds),
          avgPointsMultiplier: per(r.total_points_multiplier),
          scoresSubmitted: Number(r.scores),
          uniquePlayers: Number(r.players),
        };
      });
    },
  };
}

export type StatsStore = ReturnType<typeof createStatsStore>;
