import type { GameState, GameStatus } from '@ballmatch/engine';
import { preparedQuery, type Knex } from '@ballmatch/platform';

/** A held game as the store hands it up. */
export interface GameRecord {
  sessionId: string;
  state: GameState;
  /** Actions applied so far. */
  seq: number;
  status: GameStatus;
  /** What the last action answered (a retry of it gets this again); null before any. */
  lastAnswer: unknown;
  credentialHash: string;
  userId: string | null;
  finishedAt: Date | null;
  /** An ended game's result as signed when it ended (platform's game-result.ts). */
  result: string | null;
}

/** An action's log entry: the engine's code; END_CODE for the player's end. */
export interface LogEntry {
  /** The action's place in the game: the count of actions applied before it. */
  seq: number;
  code: number;
  receivedAt: Date;
}

/** A game that has just ended: its final row, written in the transaction that ends it. */
export interface Finish {
  state: GameState;
  seq: number;
  answer: unknown;
  finishedAt: Date;
  /** Its result, signed. */
  result: string;
}

/**
 * The log's entry for the player ending the game ('end' is not a move: replays, timing and
 * scoring never see it). Logged so that the end, like every action, takes the game's next place
 * in the log: two replicas cannot both move a game on from the same place.
 */
export const END_CODE = -1;

/** A log entry's place and code. */
export interface LoggedCode {
  seq: number;
  code: number;
}

export interface LoggedAction {
  code: number;
  receivedAt: Date;
}

export interface StartCount {
  key: string;
  started: number;
  finished: number;
  lastStartedAt: Date;
}

type Raw = Record<string, unknown>;

const COLUMNS = [
  'session_id',
  'state',
  'seq',
  'status',
  'last_answer',
  'credential_hash',
  'user_id',
  'finished_at',
  'result',
];

function gameRecord(row: Raw): GameRecord {
  return {
    sessionId: row.session_id as string,
    state: row.state as GameState,
    seq: row.seq as number,
    status: row.status as GameStatus,
    lastAnswer: row.last_answer ?? null,
    credentialHash: row.credential_hash as string,
    userId: (row.user_id as string | null) ?? null,
    finishedAt: (row.finished_at as Date | null) ?? null,
    result: (row.result as string | null) ?? null,
  };
}

// An action writes one small row: its log entry (store/log-batches.ts: written in batches after
// the action is answered from memory). Its place (`seq`) is the game's fence: another process
// that moved the game from the same place first holds it, and this insert then writes nothing.
// The game's row is a checkpoint (its state after `seq` actions), written when the game starts
// and when it ends; the state between is the checkpoint with the later log entries applied
// (kept in the process that plays the game).

/** What a submission is checked against: the game's figures, its session and its log. */
export interface ScoringRead {
  owner: Pick<GameRecord, 'credentialHash' | 'userId'>;
  status: GameStatus;
  /** The final figures; only an ended game's row holds them (see the log's note above). */
  score: number;
  level: number;
  moves: number;
  finishedAt: Date | null;
  session: { seed: string; playerName: string; createdAt: Date; endedAt: Date | null };
  suspicious: boolean;
  /** The log without the end, in order: the engine's codes and the times received (ms). */
  codes: number[];
  times: number[];
}

// A submission's read, one round trip: the figures from the row, the session, and the log.
const SCORING_SQL = `
SELECT g.status, g.credential_hash, g.user_id, g.finished_at,
       (g.state ->> 'score')::int AS score,
       (g.state -> 'level' ->> 'currentLevel')::int AS level,
       (g.state ->> 'totalMoves')::int AS moves,
       s.seed, s.player_name, s.created_at, s.ended_at, s.suspicious,
       ARRAY(SELECT a.code FROM game_actions a
              WHERE a.session_id = g.session_id AND a.code <> ${END_CODE} ORDER BY a.seq) AS codes,
       ARRAY(SELECT (extract(epoch FROM a.received_at) * 1000)::float8 FROM game_actions a
              WHERE a.session_id = g.session_id AND a.code <> ${END_CODE} ORDER BY a.seq) AS times
  FROM games g JOIN sessions s ON s.id = g.session_id
 WHERE g.session_id = $1`;

// A game's read (a process that does not hold it, or held a stale copy): the checkpoint and
// its whole log's places and codes (those after the checkpoint are replayed onto it; all of
// them answer a resent action), in one round trip and one snapshot.
const GAME_SQL = `
SELECT ${COLUMNS.map((c) => `g.${c}`).join(', ')},
       ARRAY(SELECT a.seq FROM game_actions a WHERE a.session_id = g.session_id ORDER BY a.seq)
         AS log_seqs,
       ARRAY(SELECT a.code FROM game_actions a WHERE a.session_id = g.session_id ORDER BY a.seq)
         AS log_codes
  FROM games g
 WHERE g.session_id = $1`;

/** The held games: one row per session, and the log of their actions. */
export function createGameStore(db: Knex) {
  return {
    async insert(
      trx: Knex.Transaction,
      game: { sessionId: string; state: GameState; credentialHash: string; userId: string | null },
    ): Promise<void> {
      await trx('games').insert({
        session_id: game.sessionId,
        state: JSON.stringify(game.state),
        status: game.state.status,
        credential_hash: game.credentialHash,
        user_id: game.userId,
      });
    },

    /**
     * The game's row and its log, in order: one statement, so one snapshot. Read apart, an end
     * committed between the two reads showed the old checkpoint with the end in its log (a 500
     * for every concurrent end but the first).
     */
    async byId(sessionId: string): Promise<{ game: GameRecord; log: LoggedCode[] } | undefined> {
      const [row] = await preparedQuery<Raw>(db, 'sessions_game_read', GAME_SQL, [sessionId]);
      if (!row) return undefined;
      const codes = row.log_codes as number[];
      const log = (row.log_seqs as number[]).map((seq, i) => ({ seq, code: codes[i]! }));
      return { game: gameRecord(row), log };
    },

    /**
     * Logs the action that ends the game at its place, in the transaction that ends it; false
     * when that place is taken (the game moved on elsewhere). Every other action's row goes
     * through the action log's batches (log-batches.ts).
     */
    async append(sessionId: string, entry: LogEntry, trx: Knex.Transaction): Promise<boolean> {
      const row = { session_id: sessionId, seq: entry.seq, code: entry.code };
      const inserted = await trx('game_actions')
        .insert({ ...row, received_at: entry.receivedAt })
        .onConflict()
        .ignore()
        .returning('seq');
      return inserted.length === 1;
    },

    /** The game's final row (in the transaction that logged its last action). */
    async finish(trx: Knex.Transaction, sessionId: string, end: Finish): Promise<void> {
      await trx('games')
        .where({ session_id: sessionId })
        .update({
          state: JSON.stringify(end.state),
          seq: end.seq,
          status: end.state.status,
          last_answer: JSON.stringify(end.answer),
          finished_at: end.finishedAt,
          result: end.result,
        });
    },

    async actions(sessionId: string, trx: Knex = db): Promise<LoggedAction[]> {
      const rows = await trx<Raw>('game_actions')
        .select('code', 'received_at')
        .where({ session_id: sessionId })
        .andWhere('code', '<>', END_CODE)
        .orderBy('seq');
      return rows.map((r) => ({ code: r.code as number, receivedAt: r.received_at as Date }));
    },

    async forScoring(sessionId: string): Promise<ScoringRead | undefined> {
      const [row] = await preparedQuery<Raw>(db, 'sessions_scoring_read', SCORING_SQL, [sessionId]);
      if (!row) return undefined;
      return {
        owner: {
          credentialHash: row.credential_hash as string,
          userId: (row.user_id as string | null) ?? null,
        },
        status: row.status as GameStatus,
        score: row.score as number,
        level: row.level as number,
        moves: row.moves as number,
        finishedAt: (row.finished_at as Date | null) ?? null,
        session: {
          seed: row.seed as string,
          playerName: row.player_name as string,
          createdAt: row.created_at as Date,
          endedAt: (row.ended_at as Date | null) ?? null,
        },
        suspicious: row.suspicious as boolean,
        codes: row.codes as number[],
        times: row.times as number[],
      };
    },

    /** The account's latest game still being played (its session's id). */
    async unfinishedOf(userId: string): Promise<string | undefined> {
      const row = await db<Raw>('games')
        .select('games.session_id')
        .join('sessions', 'sessions.id', 'games.session_id')
        .where('games.user_id', userId)
        .whereNot('games.status', 'ended')
        .orderBy('sessions.created_at', 'desc')
        .first();
      return row?.session_id as string | undefined;
    },

    /** Sessions started since `since` by this address and by this account (rate limits). */
    async startsSince(since: Date, who: { ip: string; userId: string | null }) {
      const { rows } = await db.raw<{ rows: { byAddress: number; byPlayer: number }[] }>(
        `SELECT count(*) FILTER (WHERE ip = :ip)::int AS "byAddress",
                count(*) FILTER (WHERE user_id = :userId)::int AS "byPlayer"
           FROM sessions
          WHERE created_at >= :since AND (ip = :ip OR user_id = :userId)`,
        { ip: who.ip, userId: who.userId, since },
      );
      return rows[0]!;
    },

    /** Started against finished per player (account, else guest name) or address. */
    async startCounts(by: 'player' | 'address', since: Date, limit: number): Promise<StartCount[]> {
      const key =
        by === 'address'
          ? 's.ip'
          : "CASE WHEN s.user_id IS NOT NULL THEN 'user:' || s.user_id ELSE 'guest:' || lower(s.player_name) END";
      const { rows } = await db.raw<{ rows: Raw[] }>(
        `SELECT ${key} AS key, count(*)::int AS started,
                count(*) FILTER (WHERE g.status = 'ended')::int AS finished,
                max(s.created_at) AS last_started_at
           FROM sessions s LEFT JOIN games g ON g.session_id = s.id
          WHERE s.created_at >= :since
          GROUP BY 1
          ORDER BY started DESC, last_started_at DESC
          LIMIT :limit`,
        { since, limit },
      );
      return rows.map((r) => ({
        key: r.key as string,
        started: r.started as number,
        finished: r.finished as number,
        lastStartedAt: r.last_started_at as Date,
      }));
    },
  };
}

export type GameStore = ReturnType<typeof createGameStore>;
