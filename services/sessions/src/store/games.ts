import type { GameState, GameStatus } from '@ballmatch/engine';
import type { Knex } from '@ballmatch/platform';

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
}

/** One action's write: the game after it, and the log entry. */
export interface Advance {
  state: GameState;
  status: GameStatus;
  answer: unknown;
  /** The engine's action code; null for an end, which the log does not hold. */
  code: number | null;
  receivedAt: Date;
  finished: boolean;
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
  };
}

// One round trip per action: the game moves on only from the `seq` the action was played on
// (another replica that got there first makes this match no row), and its log entry is
// appended in the same statement.
const ADVANCE_SQL = `
WITH moved AS (
  UPDATE games
     SET state = ?::jsonb, seq = seq + 1, status = ?, last_answer = ?::jsonb,
         finished_at = CASE WHEN ? THEN ?::timestamptz ELSE finished_at END
   WHERE session_id = ? AND seq = ?
  RETURNING session_id
), logged AS (
  INSERT INTO game_actions (session_id, seq, code, received_at)
  SELECT session_id, ?, ?, ?::timestamptz FROM moved WHERE ?::int IS NOT NULL
)
SELECT count(*)::int AS moved FROM moved`;

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

    async byId(sessionId: string): Promise<GameRecord | undefined> {
      const row = await db<Raw>('games').select(COLUMNS).where({ session_id: sessionId }).first();
      return row && gameRecord(row);
    },

    /** True when this write won; false when the game had already moved past `seq`. */
    async advance(sessionId: string, seq: number, next: Advance, trx: Knex = db): Promise<boolean> {
      const result = await trx.raw<{ rows: { moved: number }[] }>(ADVANCE_SQL, [
        JSON.stringify(next.state),
        next.status,
        JSON.stringify(next.answer),
        next.finished,
        next.receivedAt.toISOString(),
        sessionId,
        seq,
        seq,
        next.code,
        next.receivedAt.toISOString(),
        next.code,
      ]);
      return result.rows[0]!.moved === 1;
    },

    async actions(sessionId: string, trx: Knex = db): Promise<LoggedAction[]> {
      const rows = await trx<Raw>('game_actions')
        .select('code', 'received_at')
        .where({ session_id: sessionId })
        .orderBy('seq');
      return rows.map((r) => ({ code: r.code as number, receivedAt: r.received_at as Date }));
    },

    /** The account's latest game still being played. */
    async unfinishedOf(userId: string): Promise<GameRecord | undefined> {
      const row = await db<Raw>('games')
        .select(COLUMNS.map((c) => `games.${c}`))
        .join('sessions', 'sessions.id', 'games.session_id')
        .where('games.user_id', userId)
        .whereNot('games.status', 'ended')
        .orderBy('sessions.created_at', 'desc')
        .first();
      return row && gameRecord(row);
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
