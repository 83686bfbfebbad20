import { AppError, metricsRegistry, preparedQuery, type Knex } from '@ballmatch/platform';
import { Counter, Histogram } from 'prom-client';

/** How many actions each log statement carried: how much the group commit is grouping. */
export const actionLogBatchSize = new Histogram({
  name: 'ballmatch_sessions_action_log_batch_size',
  help: 'Actions written by one statement of the action log (group commit)',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
  registers: [metricsRegistry],
});

/** Statements of the action log that failed (PostgreSQL out of reach): their rows wait. */
export const actionLogFailures = new Counter({
  name: 'ballmatch_sessions_action_log_failures_total',
  help: 'Action log statements that failed; their rows stay queued and are written again',
  registers: [metricsRegistry],
});

/** One action's log row. */
export interface LogRow {
  /** Its place in the game: the count of actions applied before it. */
  seq: number;
  code: number;
  receivedAt: Date;
}

/** This process's copy of a game lost a place of its log to another action (another owner). */
export class StaleGame extends Error {
  constructor(readonly sessionId: string) {
    super(`Game ${sessionId} moved on in another process`);
  }
}

export const beingSaved = () =>
  new AppError('UNAVAILABLE', 'The game is being saved; try again', { retryAfterSeconds: 1 });

export interface ActionLogOptions {
  /** A row waits at most this long for others to share its statement (ACTION_LOG_FLUSH_MS). */
  flushMs: number;
  /** Or until this many rows wait. */
  maxBatch?: number;
  /** The game's rows are committed up to `durableSeq` (exclusive: the count of actions). */
  durable(sessionId: string, durableSeq: number): void;
  /** A place of the game's log holds another action: its rows here are dropped. */
  stale(sessionId: string): void;
  /** The game's rows cannot be written at all (its session was deleted): dropped. */
  refused(sessionId: string, error: unknown): void;
}

/** The rows of one game not yet committed, in order, and who waits for them. */
interface GameRows {
  rows: LogRow[];
  waiters: { done(): void; failed(error: unknown): void }[];
}

interface Taken {
  sessionId: string;
  row: LogRow;
}

// Group commit, timer-driven: an action is answered from memory and its row waits here; a
// statement writes every waiting game's next row, flushMs after the first row waited or at
// once when maxBatch rows wait, and the next statement follows at once while rows remain.
// One row per game per statement: a row is written only once the row before it is known to be
// this process's, so a game's log never mixes two owners' actions (the place is the fence).
const BATCH_SQL = `
INSERT INTO game_actions (session_id, seq, code, received_at)
SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[])
ON CONFLICT DO NOTHING RETURNING session_id, seq`;

// The codes at the places a statement found taken (rare: another owner, or a resend).
const TAKEN_SQL = `
SELECT a.session_id, a.seq, a.code
  FROM game_actions a
  JOIN unnest($1::uuid[], $2::int[]) AS p(session_id, seq)
    ON a.session_id = p.session_id AND a.seq = p.seq`;

const placeOf = (sessionId: string, seq: number) => `${sessionId}:${seq}`;

/** Waits after a failed statement before the next try: PostgreSQL is likely out of reach. */
const RETRY_MS = [20, 50, 100, 200, 500, 1000, 2000];

/** A row's own fault (integrity or data: its session deleted), not the database's absence. */
function rowsFault(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('22'));
}

/**
 * The action log's queue: rows are appended from memory and written in batches; `settle`
 * waits for one game's rows (before its end, or an answer over HTTP); a failed statement
 * leaves its rows queued and is tried again.
 */
export function createActionLog(db: Knex, options: ActionLogOptions) {
  const maxBatch = options.maxBatch ?? 500;
  const games = new Map<string, GameRows>();
  let queued = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> | null = null;
  let failures = 0;

  function wake(delay: number): void {
    if (timer !== undefined || running) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, delay);
    timer.unref();
  }

  /** Writes until nothing waits; false when a statement failed (a retry is then set). */
  function run(): Promise<boolean> {
    clearTimeout(timer);
    timer = undefined;
    running ??= (async () => {
      try {
        while (games.size > 0) {
          if (!(await write(take()))) return false;
        }
        return true;
      } finally {
        running = null;
      }
    })().then((ok) => {
      if (ok) failures = 0;
      else wake(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)]!);
      return ok;
    });
    return running;
  }

  /** The next row of each waiting game, at most maxBatch. */
  function take(): Taken[] {
    const batch: Taken[] = [];
    for (const [sessionId, game] of games) {
      if (batch.length === maxBatch) break;
      batch.push({ sessionId, row: game.rows[0]! });
    }
    return batch;
  }

  async function insert(batch: Taken[]): Promise<Set<string>> {
    actionLogBatchSize.observe(batch.length);
    const rows = await preparedQuery<{ session_id: string; seq: number }>(
      db,
      'sessions_append_actions',
      BATCH_SQL,
      [
        batch.map((t) => t.sessionId),
        batch.map((t) => t.row.seq),
        batch.map((t) => t.row.code),
        batch.map((t) => t.row.receivedAt),
      ],
    );
    return new Set(rows.map((r) => placeOf(r.session_id, r.seq)));
  }

  async function codesAt(places: Taken[]): Promise<Map<string, number>> {
    const rows = await preparedQuery<{ session_id: string; seq: number; code: number }>(
      db,
      'sessions_taken_actions',
      TAKEN_SQL,
      [places.map((t) => t.sessionId), places.map((t) => t.row.seq)],
    );
    return new Map(rows.map((r) => [placeOf(r.session_id, r.seq), r.code]));
  }

  /** One statement and its outcome for each row; false when the database could not say. */
  async function write(batch: Taken[]): Promise<boolean> {
    let won: Set<string>;
    let stored = new Map<string, number>();
    try {
      won = await insert(batch);
      const lost = batch.filter((t) => !won.has(placeOf(t.sessionId, t.row.seq)));
      if (lost.length > 0) stored = await codesAt(lost);
    } catch (error) {
      if (rowsFault(error)) {
        if (batch.length === 1) {
          drop(batch[0]!.sessionId, error);
          options.refused(batch[0]!.sessionId, error);
          return true;
        }
        // One bad row (its session deleted meanwhile) must not hold the others: each alone.
        for (const taken of batch) if (!(await write([taken]))) return false;
        return true;
      }
      actionLogFailures.inc();
      for (const game of games.values()) failWaiters(game, beingSaved());
      return false;
    }
    for (const { sessionId, row } of batch) {
      const game = games.get(sessionId);
      if (game?.rows[0] !== row) continue; // dropped meanwhile
      const place = placeOf(sessionId, row.seq);
      // A taken place holding the same action is this action (a resend to a new owner).
      if (won.has(place) || stored.get(place) === row.code) {
        game.rows.shift();
        queued--;
        if (game.rows.length === 0) {
          games.delete(sessionId);
          for (const waiter of game.waiters) waiter.done();
        }
        options.durable(sessionId, row.seq + 1);
      } else {
        drop(sessionId, new StaleGame(sessionId));
        options.stale(sessionId);
      }
    }
    return true;
  }

  function failWaiters(game: GameRows, error: unknown): void {
    for (const waiter of game.waiters.splice(0)) waiter.failed(error);
  }

  /** Forgets the game's rows; its waiters fail with `error`. */
  function drop(sessionId: string, error: unknown): void {
    const game = games.get(sessionId);
    if (!game) return;
    games.delete(sessionId);
    queued -= game.rows.length;
    failWaiters(game, error);
  }

  return {
    /** Queues the game's next row (its place follows the last one queued). */
    append(sessionId: string, row: LogRow): void {
      let game = games.get(sessionId);
      if (!game) games.set(sessionId, (game = { rows: [], waiters: [] }));
      game.rows.push(row);
      queued++;
      if (queued >= maxBatch) void run();
      else wake(options.flushMs);
    },

    /** The game's rows not yet committed. */
    pending: (sessionId: string) => games.get(sessionId)?.rows.length ?? 0,

    /**
     * Writes now and resolves once the game's rows are committed; rejects with StaleGame when
     * one lost its place, or 503 when a statement failed (its rows stay queued).
     */
    settle(sessionId: string): Promise<void> {
      const game = games.get(sessionId);
      if (!game) return Promise.resolve();
      const settled = new Promise<void>((done, failed) => game.waiters.push({ done, failed }));
      void run();
      return settled;
    },

    /** Writes everything waiting now (a graceful stop); throws when a statement failed. */
    async flush(): Promise<void> {
      while (games.size > 0) {
        if (!(await run())) throw beingSaved();
      }
    },

    /** Forgets the game's rows (its copy here is dropped); their waiters fail with `error`. */
    forget: drop,

    /** Forgets every row, written or not, and stops (tests: a process killed). */
    abandon(): void {
      clearTimeout(timer);
      timer = undefined;
      for (const id of [...games.keys()]) drop(id, beingSaved());
      // A statement in flight may still commit: the crash came after it left.
      games.clear();
    },
  };
}

export type ActionLog = ReturnType<typeof createActionLog>;
