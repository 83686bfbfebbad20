import { preparedQuery, type Knex, type OutboxEvent } from '@ballmatch/platform';
import { GUEST_PLAYER, guestPlayerCtes, madeOnce } from './guest-names';
import { insertHeld, mustHold } from './review';
import {
  SCORE_COLUMNS,
  SHOWN,
  WEEKLY_COLUMNS,
  scoreRow,
  weeklyRow,
  type ScoreRow,
  type WeeklyRowData,
} from './rows';

export interface NewScore {
  id: string;
  sessionId: string;
  playerName: string;
  /** The player (`user:<id>` or `guest:<key>`): weekly rows and bans are keyed on it. */
  playerKey: string;
  /** The shown name's look-alike keys: rank lookups by name. */
  nameKeys: string[];
  score: number;
  level: number;
  moves: number;
  createdAt: Date;
  weekId: string;
  userId: string | null;
  timingFlags: string[];
  sessionSuspicious: boolean;
  /**
   * Written when the score is stored: its one scores.created. The payload is the message's
   * JSON, built in TypeScript from the generated types (`newEvent`); SQL only adds what the
   * statement finds (so the lookup and the insert stay one round trip and see the same
   * seasons): the score's `seasonId` and its board in `boards`, when a season runs, and its
   * `weeklyRank` in the week's top 10. The event contract test (test/event-contract.test.ts)
   * checks the rows this makes.
   */
  event: OutboxEvent;
}

export type InsertOutcome =
  | {
      kind: 'created';
      score: ScoreRow;
      row: WeeklyRowData;
      /** The season the score landed in, if any (for its board's expiry). */
      season: { id: string; endsAt: Date } | null;
      /** Its `board_writes` row: forgotten once Redis has the score (domain/board-repairs.ts). */
      boardWriteId: string;
    }
  /** Stored but held for review (store/review.ts): on no board, no weekly row, no events. */
  | { kind: 'held'; score: ScoreRow }
  | { kind: 'duplicate'; score: ScoreRow }
  | { kind: 'banned' };

/**
 * One statement, so one transaction and one round trip: the score (at most one per session,
 * never for a banned name, nor for a session flagged since: that one is held), the season
 * running at its time, its weekly row (created or added
 * to), its one outbox event and its boards' `board_writes` row. When the session already has a score, nothing at all is
 * written. 'Running at its time' is the domain's isRunning (domain/seasons.ts) written in SQL:
 * start inclusive, end exclusive.
 */
const SUBMIT_SQL = `
WITH s AS (
  INSERT INTO scores (id, session_id, player_name, player_key, score, level, moves, created_at,
                      week_id, season_id, user_id, timing_flags, session_suspicious,
                      name_keys)
  SELECT $1::uuid, $2::text, $3::text, $4::text, $5::int, $6::int, $7::int, $8::timestamptz,
         $9::uuid,
         (SELECT id FROM seasons WHERE starts_at <= $8::timestamptz AND ends_at > $8::timestamptz
           LIMIT 1),
         $10::text, $11::text[], $12::boolean, $14::text[]
  WHERE NOT EXISTS (SELECT 1 FROM banned_players WHERE player_key = $4::text)
    -- A session flagged since its game ended (session.flagged) is held instead (review.ts).
    AND NOT EXISTS (SELECT 1 FROM flagged_sessions WHERE session_id = $2::text)
  ON CONFLICT (session_id) DO NOTHING
  RETURNING seq, season_id
), w AS (
  INSERT INTO weekly_scores AS ws
    (week_id, player_key, player_name, name_keys, total_score, games_played, highest_level,
     updated_at)
  SELECT $9::uuid, $4::text, $3::text, $14::text[], $5::int, 1, $6::int, $8::timestamptz FROM s
  ON CONFLICT (week_id, player_key) DO UPDATE SET
    total_score = ws.total_score + EXCLUDED.total_score,
    games_played = ws.games_played + 1,
    highest_level = GREATEST(ws.highest_level, EXCLUDED.highest_level),
    player_name = EXCLUDED.player_name,
    name_keys = EXCLUDED.name_keys,
    version = ws.version + 1,
    updated_at = EXCLUDED.updated_at
  RETURNING id, total_score, games_played, highest_level, version
), ahead AS (
  -- The players before this one on the week's board (WEEKLY_ORDER) once it is counted, up to
  -- 10: the event tells a place in the top 10 only, and most scores stop the scan early.
  SELECT count(*) AS n FROM (
    SELECT 1 FROM weekly_scores x CROSS JOIN w
    WHERE x.week_id = $9::uuid AND x.player_key <> $4::text AND x.games_played > 0
      AND NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = x.player_key)
      AND (x.total_score > w.total_score
        OR (x.total_score = w.total_score AND x.games_played < w.games_played)
        OR (x.total_score = w.total_score AND x.games_played = w.games_played
            AND x.player_key COLLATE "C" > $4::text COLLATE "C"))
    LIMIT 10) t
), e AS (
  INSERT INTO outbox (id, subject, payload)
  SELECT $15::uuid, $16::text,
         -- ScoreCreated.seasonId and weeklyRank, each left out when absent (a uuid is a JSON
         -- string), and the season's board after the others in 'boards'
         $13::jsonb || jsonb_strip_nulls(jsonb_build_object(
           'seasonId', s.season_id,
           'weeklyRank', CASE WHEN ahead.n < 10 THEN ahead.n + 1 END))
         || CASE WHEN s.season_id IS NULL THEN '{}'::jsonb
                 ELSE jsonb_build_object('boards', coalesce($13::jsonb -> 'boards', '[]')
                   || jsonb_build_array(jsonb_build_object('board', 'seasonal',
                                                           'boardId', s.season_id))) END
  FROM s CROSS JOIN ahead
), bw AS (
  -- Its boards (store/boards.ts, boardName), until their Redis writes are known done.
  INSERT INTO board_writes (boards, noted_at)
  SELECT ARRAY['all-time', 'weekly:' || $9::text]
         || CASE WHEN s.season_id IS NULL THEN '{}'::text[]
                 ELSE ARRAY['seasonal:' || s.season_id::text] END,
         $8::timestamptz
  FROM s
  RETURNING id
)
SELECT s.seq, s.season_id, se.ends_at AS season_ends_at, w.id AS row_id, w.total_score,
       w.games_played, w.highest_level, w.version, bw.id AS board_write_id
FROM s CROSS JOIN w CROSS JOIN bw LEFT JOIN seasons se ON se.id = s.season_id`;

/** guestKeyOf: the guest player of the keys $1, found or made (store/guest-names.ts). */
const GUEST_KEY_SQL = `WITH ${guestPlayerCtes('$1', 'true')} SELECT ${GUEST_PLAYER} AS player_key`;

const NOT_BANNED = 'NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = s.player_key)';
const ON_ALL_TIME = `s.voided_at IS NULL AND s.reset_id IS NULL AND ${SHOWN} AND ${NOT_BANNED}`;
const IN_SEASON = `s.season_id = ? AND s.voided_at IS NULL AND ${SHOWN} AND ${NOT_BANNED}`;
const SCORE_ORDER = 's.score DESC, s.created_at, s.seq';
/** Weekly ties: fewer games first (the better average), then the board's member order. */
export const WEEKLY_ORDER = 'w.total_score DESC, w.games_played, w.player_key COLLATE "C" DESC';

export function createScoreStore(db: Knex) {
  const select = (sql: string, bindings: unknown[]) =>
    db
      .raw(sql, bindings as Knex.RawBinding[])
      .then((r: { rows: Record<string, unknown>[] }) => r.rows.map(scoreRow));
  const cols = SCORE_COLUMNS.split(', ')
    .map((c) => `s.${c}`)
    .join(', ');

  return {
    async insertVerified(n: NewScore): Promise<InsertOutcome> {
      if (mustHold(n)) return insertHeld(db, n);
      const rows = await preparedQuery<Record<string, unknown>>(db, 'scores_submit', SUBMIT_SQL, [
        n.id,
        n.sessionId,
        n.playerName,
        n.playerKey,
        n.score,
        n.level,
        n.moves,
        n.createdAt,
        n.weekId,
        n.userId,
        n.timingFlags,
        n.sessionSuspicious,
        JSON.stringify(n.event.payload),
        n.nameKeys,
        n.event.id,
        n.event.subject,
      ]);
      const created = rows[0];
      if (created) {
        const seasonId = (created.season_id as string | null) ?? null;
        return {
          kind: 'created',
          season: seasonId ? { id: seasonId, endsAt: created.season_ends_at as Date } : null,
          boardWriteId: String(created.board_write_id),
          score: {
            id: n.id,
            seq: Number(created.seq),
            playerName: n.playerName,
            playerKey: n.playerKey,
            score: n.score,
            level: n.level,
            moves: n.moves,
            createdAt: n.createdAt,
            weekId: n.weekId,
            seasonId,
            voidedAt: null,
            voidReason: null,
            resetId: null,
            reviewState: 'accepted',
          },
          row: {
            id: String(created.row_id),
            weekId: n.weekId,
            playerKey: n.playerKey,
            playerName: n.playerName,
            totalScore: Number(created.total_score),
            gamesPlayed: Number(created.games_played),
            highestLevel: Number(created.highest_level),
            version: Number(created.version),
          },
        };
      }
      const existing = await this.bySession(n.sessionId);
      if (existing) return { kind: 'duplicate', score: existing };
      const [flagged] = await preparedQuery(
        db,
        'scores_session_flagged',
        'SELECT 1 FROM flagged_sessions WHERE session_id = $1',
        [n.sessionId],
      );
      if (flagged) return insertHeld(db, { ...n, sessionSuspicious: true });
      return { kind: 'banned' };
    },

    async bySession(sessionId: string): Promise<ScoreRow | undefined> {
      const rows = await preparedQuery<Record<string, unknown>>(
        db,
        'scores_by_session',
        `SELECT ${SCORE_COLUMNS} FROM scores WHERE session_id = $1`,
        [sessionId],
      );
      return rows[0] ? scoreRow(rows[0]) : undefined;
    },

    async byId(id: string): Promise<ScoreRow | undefined> {
      const [row] = await select(`SELECT ${cols} FROM scores s WHERE s.id = ?`, [id]);
      return row;
    },

    /**
     * The best all-time entry shown under a name sharing one of these look-alike keys (a rank
     * lookup by name).
     */
    async bestAllTime(nameKeys: string[]): Promise<ScoreRow | undefined> {
      const [row] = await select(
        `SELECT ${cols} FROM scores s WHERE s.name_keys && ?::text[] AND ${ON_ALL_TIME}
         ORDER BY ${SCORE_ORDER} LIMIT 1`,
        [nameKeys],
      );
      return row;
    },

    async bestInSeason(seasonId: string, nameKeys: string[]): Promise<ScoreRow | undefined> {
      const [row] = await select(
        `SELECT ${cols} FROM scores s WHERE s.name_keys && ?::text[] AND ${IN_SEASON}
         ORDER BY ${SCORE_ORDER} LIMIT 1`,
        [nameKeys, seasonId],
      );
      return row;
    },

    /** The player whose row of this week shows a name sharing a key (the best, if two). */
    async weekPlayerShownAs(weekId: string, nameKeys: string[]): Promise<string | undefined> {
      const { rows } = await db.raw(
        `SELECT w.player_key FROM weekly_scores w
         WHERE w.week_id = ? AND w.name_keys && ?::text[] AND w.games_played > 0
           AND NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = w.player_key)
         ORDER BY ${WEEKLY_ORDER} LIMIT 1`,
        [weekId, nameKeys],
      );
      return (rows as { player_key: string }[])[0]?.player_key;
    },

    /**
     * The guest player a name with these look-alike keys stands for (guest_names, migration
     * 005): the player of a name it shares a key with (a banned one first, so that a name like
     * a banned one and another is refused; else the oldest), or, for a name like none before,
     * a new player `guest:<its first key>` holding all its keys. One statement
     * (store/guest-names.ts says why two look-alikes arriving together still make one player).
     */
    async guestKeyOf(nameKeys: string[]): Promise<string> {
      const [row] = await madeOnce(() =>
        preparedQuery<{ player_key: string }>(db, 'scores_guest_key_of', GUEST_KEY_SQL, [
          nameKeys,
        ]),
      );
      return row!.player_key;
    },

    /** The all-time board from PostgreSQL, in board order (when Redis cannot answer). */
    topAllTime: (limit: number) =>
      select(`SELECT ${cols} FROM scores s WHERE ${ON_ALL_TIME} ORDER BY ${SCORE_ORDER} LIMIT ?`, [
        limit,
      ]),

    topSeason: (seasonId: string, limit: number) =>
      select(`SELECT ${cols} FROM scores s WHERE ${IN_SEASON} ORDER BY ${SCORE_ORDER} LIMIT ?`, [
        seasonId,
        limit,
      ]),

    /** A page of the all-time board's entries in seq order, for rebuilding it in Redis. */
    allTimePage: (afterSeq: number, size: number) =>
      select(
        `SELECT ${cols} FROM scores s WHERE ${ON_ALL_TIME} AND s.seq > ? ORDER BY s.seq LIMIT ?`,
        [afterSeq, size],
      ),

    seasonPage: (seasonId: string, afterSeq: number, size: number) =>
      select(
        `SELECT ${cols} FROM scores s WHERE ${IN_SEASON} AND s.seq > ? ORDER BY s.seq LIMIT ?`,
        [seasonId, afterSeq, size],
      ),

    /** A week's shown rows (games left after voids, names not banned), in board order. */
    async weekRows(weekId: string, limit?: number): Promise<WeeklyRowData[]> {
      const wcols = WEEKLY_COLUMNS.split(', ')
        .map((c) => `w.${c}`)
        .join(', ');
      const { rows } = await db.raw(
        `SELECT ${wcols} FROM weekly_scores w
         WHERE w.week_id = ? AND w.games_played > 0
           AND NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = w.player_key)
         ORDER BY ${WEEKLY_ORDER} ${limit ? 'LIMIT ?' : ''}`,
        limit ? [weekId, limit] : [weekId],
      );
      return (rows as Record<string, unknown>[]).map(weeklyRow);
    },

    /** Every non-voided score of a player that review lets show (moderation of a name). */
    ofPlayer: (playerKey: string) =>
      select(
        `SELECT ${cols} FROM scores s WHERE s.player_key = ? AND s.voided_at IS NULL AND ${SHOWN}`,
        [playerKey],
      ),

    async weekRowsOfPlayer(playerKey: string): Promise<WeeklyRowData[]> {
      const { rows } = await db.raw(
        `SELECT ${WEEKLY_COLUMNS} FROM weekly_scores WHERE player_key = ? AND games_played > 0`,
        [playerKey],
      );
      return (rows as Record<string, unknown>[]).map(weeklyRow);
    },
  };
}

export type ScoreStore = ReturnType<typeof createScoreStore>;
