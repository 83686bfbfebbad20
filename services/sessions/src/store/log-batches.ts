import { metricsRegistry, preparedQuery, type Knex } from '@ballmatch/platform';
import { Histogram } from 'prom-client';

/** How many actions each log statement carried: how much the group commit is grouping. */
export const actionLogBatchSize = new Histogram({
  name: 'ballmatch_sessions_action_log_batch_size',
  help: 'Actions written by one statement of the action log (group commit)',
  buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
  registers: [metricsRegistry],
});

/** One action's log row waiting for its statement. */
interface Waiting {
  sessionId: string;
  seq: number;
  code: number;
  receivedAt: Date;
  done(won: boolean): void;
  failed(error: unknown): void;
}

// Group commit: while one insert is in flight, the actions arriving meanwhile wait and then go
// together in one statement (one commit, one WAL flush for all). An action arriving when none
// is in flight goes at once: no timer, so a quiet service adds no wait. Each action is answered
// only once its row is committed, as when each had its own statement.
const BATCH_SQL = `
INSERT INTO game_actions (session_id, seq, code, received_at)
SELECT * FROM unnest($1::uuid[], $2::int[], $3::int[], $4::timestamptz[])
ON CONFLICT DO NOTHING RETURNING session_id, seq`;

const placeOf = (w: { sessionId: string; seq: number }) => `${w.sessionId}:${w.seq}`;

/** Appends to the log of actions in batches; `append` is true when the place was free. */
export function createLogBatches(db: Knex, maxBatch = 500) {
  let queue: Waiting[] = [];
  let flushing = false;

  /** The next batch: at most maxBatch rows, one per place (a second claim waits its turn). */
  function take(): Waiting[] {
    const batch: Waiting[] = [];
    const places = new Set<string>();
    const rest: Waiting[] = [];
    for (const w of queue) {
      if (batch.length < maxBatch && !places.has(placeOf(w))) {
        places.add(placeOf(w));
        batch.push(w);
      } else rest.push(w);
    }
    queue = rest;
    return batch;
  }

  async function insert(batch: Waiting[]): Promise<Set<string>> {
    actionLogBatchSize.observe(batch.length);
    const rows = await preparedQuery<{ session_id: string; seq: number }>(
      db,
      'sessions_append_actions',
      BATCH_SQL,
      [
        batch.map((w) => w.sessionId),
        batch.map((w) => w.seq),
        batch.map((w) => w.code),
        batch.map((w) => w.receivedAt),
      ],
    );
    return new Set(rows.map((r) => placeOf({ sessionId: r.session_id, seq: r.seq })));
  }

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = take();
        try {
          const won = await insert(batch);
          for (const w of batch) w.done(won.has(placeOf(w)));
        } catch (error) {
          // One bad row (its session deleted meanwhile) must not fail the others: each alone.
          if (batch.length === 1) batch[0]!.failed(error);
          else await Promise.all(batch.map(alone));
        }
      }
    } finally {
      flushing = false;
    }
  }

  async function alone(w: Waiting): Promise<void> {
    try {
      w.done((await insert([w])).size === 1);
    } catch (error) {
      w.failed(error);
    }
  }

  return {
    append(sessionId: string, row: { seq: number; code: number; receivedAt: Date }) {
      return new Promise<boolean>((done, failed) => {
        queue.push({ sessionId, ...row, done, failed });
        if (!flushing) void flush();
      });
    },
  };
}
