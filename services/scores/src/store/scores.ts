import { preparedQuery, type Knex, type OutboxEvent } from '@ballmatch/platform';
import { nameHoldersCtes } from './account-names';
import { GUEST_PLAYER, guestPlayerCtes, madeOnce } from './guest-names';
import { insertHeld, mustHold, scoreValues } from './review';
import { SCORE_COLUMNS, SHOWN, WEEKLY_COLUMNS, scoreRow, weeklyRow } from './rows';
import type { ScoreRow, WeeklyRowData } from './rows';

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
 * A score under a name its statement claims (insertClaiming): `playerKey` is the caller's
 * account key, or null for a guest (the name's guest player, found or made).
 */
export type ClaimingScore = Omit<NewScore, 'playerKey'> & { playerKey: string | null };

/** `refused`: another account owns the name; nothing was written. */
export type ClaimingOutcome = InsertOutcome | { kind: 'refused' };

/** What a submission's statement answers of the score it stored (no row: none stored). */
const STORED = `
SELECT s.seq, s.season_id, se.ends_at AS season_ends_at, w.id AS row_id, w.total_score,
       w.games_played, w.highest_level, w.version, bw.id AS board_write_id
FROM s CROSS JOIN w CROSS JOIN bw LEFT JOIN seasons se ON se.id = s.season_id`;

/** A name's claim's answer (claimCtes): the player key, null when the name is another's. */
const CLAIM = '(SELECT key FROM p) AS player_key';

/** SUBMIT_NAMED_SQL's answer: one row, the name's claim, and the score if stored. */
const CLAIMED = `SELECT ${CLAIM}, stored.* FROM (SELECT 1) one LEFT JOIN (${STORED}) stored ON true`;

/**
 * One statement, so one transaction and one round trip: the score (at most one per session,
 * never for a banned name, nor for a session flagged since: that one is held), the season
 * running at its time, its weekly row (created or added to), its one outbox event and its
 * boards' `board_writes` row. When the session already has a score, nothing at all is written.
 * 'Running at its time' is the domain's isRunning (domain/seasons.ts) written in SQL: start
 * inclusive, end exclusive. The player is `key`, an SQL expression: $4 (SUBMIT_SQL), or the
 * name's holder found by `claim`, common table expressions before the score's, whose `p` has
 * the key in a row only if the caller may post under the name (SUBMIT_NAMED_SQL).
 */
const submitSql = (key: string, claim?: string) => `
WITH ${claim ? `${claim},` : ''} s AS (
  INSERT INTO scores (id, session_id, player_name, player_key, score, level, moves, created_at,
                      week_id, season_id, user_id, timing_flags, session_suspicious,
                      name_keys)
  SELECT $1::uuid, $2::text, $3::text, ${key}, $5::int, $6::int, $7::int, $8::timestamptz,
         $9::uuid,
         (SELECT id FROM seasons WHERE starts_at <= $8::timestamptz AND ends_at > $8::timestamptz
           LIMIT 1),
         $10::text, $11::text[], $12::boolean, $14::text[]
  WHERE ${key} IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM banned_players WHERE player_key = ${key})
    -- A session flagged since its game ended (session.flagged) is held instead (review.ts).
    AND NOT EXISTS (SELECT 1 FROM flagged_sessions WHERE session_id = $2::text)
  ON CONFLICT (session_id) DO NOTHING
  RETURNING seq, season_id
), w AS (
  INSERT INTO weekly_scores AS ws
    (week_id, player_key, player_name, name_keys, total_score, games_played, highest_level,
     updated_at)
  SELECT $9::uuid, ${key}, $3::text, $14::text[], $5::int, 1, $6::int, $8::timestamptz FROM s
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
    WHERE x.week_id = $9::uuid AND x.player_key <> ${key} AND x.games_played > 0
      AND NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = x.player_key)
      AND (x.total_score > w.total_score
        OR (x.total_score = w.total_score AND x.games_played < w.games_played)
        OR (x.total_score = w.total_score AND x.games_played = w.games_played
            AND x.player_key COLLATE "C" > ${key} COLLATE "C"))
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
${claim ? CLAIMED : STORED}`;

const SUBMIT_SQL = submitSql('$4::text');

/**
 * A name's claim, as common table expressions: its holders (store/account-names.ts) and `p`,
 * the player key, in a row only if the caller may post under the name (nobody else owns it):
 * `account` (a placeholder), the caller's account key, else, for a guest (null), the name's
 * guest player, found or made; `userId`, the caller's account id (null for a guest).
 */
const claimCtes = (keys: string, account: string, userId: string) => `
${nameHoldersCtes(keys, `${account}::text IS NULL`)}, p AS (
  SELECT coalesce(${account}::text, ${GUEST_PLAYER}) AS key
  WHERE NOT EXISTS (
    SELECT 1 FROM owner WHERE ${userId}::text IS NULL OR user_id::text <> ${userId}::text)
)`;

/**
 * The score and its name's claim in one statement ($4: the account's key, or null for a
 * guest), so a submission's name costs no round trip of its own; nothing is stored under a
 * name another account owns. A guest player made at the same time as a look-alike's is a
 * unique violation: nothing is written, and the statement runs again (store/guest-names.ts).
 */
const SUBMIT_NAMED_SQL = submitSql('(SELECT key FROM p)', claimCtes('$14', '$4', '$10'));

/** The claim alone, for a score held at once (its statement takes the key: store/review.ts). */
const CLAIM_SQL = `WITH ${claimCtes('$1', '$2', '$3')} SELECT ${CLAIM}`;

/** guestKeyOf: the guest player of the keys $1, found or made (store/guest-names.ts). */
const GUEST_KEY_SQL = `WITH ${guestPlayerCtes('$1', 'true')} SELECT ${GUEST_PLAYER} AS player_key`;

const NOT_BANNED = 'NOT EXISTS (SELECT 1 FROM banned_players b WHERE b.player_key = s.player_key)';
const ON_ALL_TIME = `s.voided_at IS NULL AND s.reset_id IS NULL AND ${SHOWN} AND ${NOT_BANNED}`;
const IN_SEASON = `s.season_id = ? AND s.voided_at IS NULL AND ${SHOWN} AND ${NOT_BANNED}`;
const SCORE_ORDER = 's.score DESC, s.created_at, s.seq';
/** Weekly ties: fewer games first (the better average), then the board's member order. */
export const WEEKLY_ORDER = 'w.total_score DESC, w.games_played, w.player_key COLLATE "C" DESC';

/** A submission's statement's values ($1 to $16), the player's key $4 (null: claimCtes'). */
const submitValues = (n: ClaimingScore) => [
  ...scoreValues(n),
  JSON.stringify(n.event.payload),
  n.nameKeys,
  n.event.id,
  n.event.subject,
];

/** The outcome of a score its statement stored, from the row it answered (STORED). */
function created(n: NewScore, row: Record<string, unknown>): InsertOutcome {
  const seasonId = (row.season_id as string | null) ?? null;
  return {
    kind: 'created',
    season: seasonId ? { id: seasonId, endsAt: row.season_ends_at as Date } : null,
    boardWriteId: String(row.board_write_id),
    score: {
      id: n.id,
      seq: Number(row.seq),
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
      id: String(row.row_id),
      weekId: n.weekId,
      playerKey: n.playerKey,
      playerName: n.playerName,
      totalScore: Number(row.total_score),
      gamesPlayed: Number(row.games_played),
      highestLevel: Number(row.highest_level),
      version: Number(row.version),
    },
  };
}

export function createScoreStore(db: Knex) {
  const select = (sql: string, bindings: unknown[]) =>
    db
      .raw(sql, bindings as Knex.RawBinding[])
      .then((r: { rows: Record<string, unknown>[] }) => r.rows.map(scoreRow));
  const cols = SCORE_COLUMNS.split(', ')
    .map((c) => `s.${c}`)
    .join(', ');

  const bySession = async (sessionId: string): Promise<ScoreRow | undefined> => {
    const rows = await preparedQuery<Record<string, unknown>>(
      db,
      'scores_by_session',
      `SELECT ${SCORE_COLUMNS} FROM scores WHERE session_id = $1`,
      [sessionId],
    );
    return rows[0] ? scoreRow(rows[0]) : undefined;
  };

  /**
   * A submission's statement stored nothing: the session has its score already, or was
   * flagged since (held now), or the player is banned.
   */
  async function notStored(n: NewScore): Promise<InsertOutcome> {
    const existing = await bySession(n.sessionId);
    if (existing) return { kind: 'duplicate', score: existing };
    const [flagged] = await preparedQuery(
      db,
      'scores_session_flagged',
      'SELECT 1 FROM flagged_sessions WHERE session_id = $1',
      [n.sessionId],
    );
    if (flagged) return insertHeld(db, { ...n, sessionSuspicious: true });
    return { kind: 'banned' };
  }

  return {
    async insertVerified(n: NewScore): Promise<InsertOutcome> {
      if (mustHold(n)) return insertHeld(db, n);
      const [row] = await preparedQuery<Record<string, unknown>>(
        db,
        'scores_submit',
        SUBMIT_SQL,
        submitValues(n),
      );
      return row ? created(n, row) : notStored(n);
    },

    /**
     * insertVerified under a name not claimed yet: the statement claims it (SUBMIT_NAMED_SQL).
     * `refused`, with nothing written, when another account owns the name.
     */
    async insertClaiming(c: ClaimingScore): Promise<ClaimingOutcome> {
      if (mustHold(c)) {
        const [claim] = await madeOnce(() =>
          preparedQuery<{ player_key: string | null }>(db, 'scores_claim_name', CLAIM_SQL, [
            c.nameKeys,
            c.playerKey,
            c.userId,
          ]),
        );
        const playerKey = claim?.player_key;
        return playerKey ? insertHeld(db, { ...c, playerKey }) : { kind: 'refused' };
      }
      const [row] = await madeOnce(() =>
        preparedQuery<Record<string, unknown>>(
          db,
          'scores_submit_named',
          SUBMIT_NAMED_SQL,
          submitValues(c),
        ),
      );
      const playerKey = row?.player_key as string | null | undefined;
      if (!playerKey) return { kind: 'refused' };
      const n = { ...c, playerKey };
      return row!.seq === null ? notStored(n) : created(n, row!);
    },

    bySession,

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
        preparedQuery<{ player_key: string }>(db, 'scores_guest_key_of', GUEST_KEY_SQL, [nameKeys]),
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
