import { randomUUID } from 'node:crypto';
import { JSONCodec, nanos, StorageType, type NatsError } from 'nats';
import { withPgConnection, type Knex } from './db';
import { currentEventCarrier, toNatsHeaders, type EventCarrier } from './event-telemetry';
import type { Logger } from './logger';
import { outboxPublished, watchOutbox } from './metrics';
import type { EventBus } from './nats';
import {
  extractTraceContext,
  failSpan,
  injectTraceContext,
  SpanKind,
  trace,
  tracer,
} from './tracing';

/**
 * Transactional outbox: a service writes its events into its own `outbox` table in the same
 * transaction as the change they describe; a relay publishes them to NATS JetStream afterwards
 * and deletes them once the server acknowledged them. A crash between commit and publish
 * loses nothing (the row waits for the next relay run); a crash between publish and delete
 * publishes again, and JetStream drops the copy because `Nats-Msg-Id` is the event id
 * (duplicate window 2 minutes). Consumers still dedupe by id beyond that window.
 */
export interface OutboxEvent {
  /** The event id (UUID): also `payload.id` and the JetStream message id. */
  id: string;
  /** Without the deployment's prefix, e.g. `scores.created` (EVENTS in @ballmatch/proto). */
  subject: string;
  payload: { id: string; occurredAt: string } & Record<string, unknown>;
}

export const OUTBOX_TABLE = 'outbox';

/** For a service migration: the outbox table in the service's own schema. */
export async function createOutboxTable(db: Knex, table = OUTBOX_TABLE): Promise<void> {
  await db.schema.createTable(table, (t) => {
    // Publication order: the order the rows were written.
    t.bigIncrements('seq').primary();
    t.uuid('id').notNullable().unique();
    t.text('subject').notNullable();
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.jsonb('headers');
  });
}

/**
 * A migration every service with an outbox lists after the one that made it: the `headers`
 * column (trace context and request id, see event-telemetry.ts) on tables made before it existed.
 */
export const outboxHeadersMigration: Knex.Migration = {
  up: (db) => db.raw('ALTER TABLE ?? ADD COLUMN IF NOT EXISTS headers jsonb', [OUTBOX_TABLE]),
  down: (db) => db.raw('ALTER TABLE ?? DROP COLUMN IF EXISTS headers', [OUTBOX_TABLE]),
};

/**
 * A new event of any shape: `body` plus a fresh `id` and `occurredAt` (ISO 8601). The outbox
 * itself is untyped; services make their events with `newEvent` from `@ballmatch/proto`
 * instead, which writes each as its proto message. This one is for testing the outbox alone.
 */
export function outboxEvent(
  subject: string,
  body: Record<string, unknown>,
  occurredAt: Date = new Date(),
): OutboxEvent {
  const id = randomUUID();
  return { id, subject, payload: { id, occurredAt: occurredAt.toISOString(), ...body } };
}

/** Writes events with the caller's transaction (or as one statement of their own). */
export async function writeOutbox(
  db: Knex | Knex.Transaction,
  events: OutboxEvent[],
  table = OUTBOX_TABLE,
): Promise<void> {
  if (events.length === 0) return;
  // The request's trace and id ride with the events, for the relay to put in their headers.
  const carrier = currentEventCarrier();
  const headers = Object.keys(carrier).length ? JSON.stringify(carrier) : null;
  await db(table).insert(
    events.map((e) => ({
      id: e.id,
      subject: e.subject,
      payload: JSON.stringify(e.payload),
      headers,
    })),
  );
}

/** A JetStream stream: `subjects` are given without the deployment's prefix. */
export interface StreamSpec {
  name: string;
  subjects: string[];
}

/** Stream names cannot hold '.', so the subject prefix (`test_1_ab.`) becomes `test_1_ab_`. */
export function streamName(subjectPrefix: string, name: string): string {
  return `${subjectPrefix.replace(/[^A-Za-z0-9_-]/g, '_')}${name}`;
}

const isNotFound = (error: unknown) =>
  (error as NatsError).api_error?.err_code === 10059 ||
  /stream not found/i.test(String((error as Error).message));

/**
 * Creates each stream, or widens its subjects and sets its copies (`bus.streamReplicas`) when
 * they differ; safe when replicas race.
 */
export async function ensureStreams(
  bus: EventBus,
  streams: StreamSpec[],
  options: { maxAgeMs?: number } = {},
): Promise<void> {
  const jsm = await bus.connection.jetstreamManager();
  const prefix = bus.subject('');
  for (const spec of streams) {
    const name = streamName(prefix, spec.name);
    const subjects = spec.subjects.map((s) => bus.subject(s));
    try {
      const info = await jsm.streams.info(name);
      const missing = subjects.filter((s) => !info.config.subjects.includes(s));
      if (missing.length || info.config.num_replicas !== bus.streamReplicas) {
        await jsm.streams.update(name, {
          subjects: [...info.config.subjects, ...missing],
          num_replicas: bus.streamReplicas,
        });
      }
    } catch (error) {
      if (!isNotFound(error)) throw error;
      try {
        await jsm.streams.add({
          name,
          subjects,
          storage: StorageType.File,
          num_replicas: bus.streamReplicas,
          max_age: nanos(options.maxAgeMs ?? 7 * 24 * 3600_000),
          duplicate_window: nanos(120_000),
        });
      } catch (addError) {
        // Another replica created it meanwhile.
        if (!/already in use/i.test(String((addError as Error).message))) throw addError;
      }
    }
  }
}

/** Deletes the streams (test clean-up). */
export async function deleteStreams(bus: EventBus, streams: StreamSpec[]): Promise<void> {
  const jsm = await bus.connection.jetstreamManager();
  for (const spec of streams) {
    await jsm.streams.delete(streamName(bus.subject(''), spec.name)).catch((error: unknown) => {
      if (!isNotFound(error)) throw error;
    });
  }
}

export interface OutboxRelay {
  /** Publish soon (call after committing events): no waiting for the next poll. */
  wake(): void;
  /** Publishes everything pending now; resolves with how many events went out. */
  flush(): Promise<number>;
  /** Stops polling and waits for a run in progress. */
  stop(): Promise<void>;
}

const codec = JSONCodec();

interface OutboxRow {
  seq: string;
  id: string;
  subject: string;
  payload: unknown;
  headers: EventCarrier | null;
}

/**
 * Publishes the outbox in batches. Rows are claimed with FOR UPDATE SKIP LOCKED, so any number
 * of replicas can relay the same table without publishing a row twice at the same time; the
 * claiming transaction deletes them and commits once JetStream acknowledged every message
 * (if a publish fails, it rolls back and the rows wait for the next run). Polling (every
 * `pollMs`) picks up rows written by other replicas or left by a crash; `wake()` is the fast path.
 */
export function startOutboxRelay(options: {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  table?: string;
  batchSize?: number;
  pollMs?: number;
  /**
   * How long `wake()` waits for more commits before publishing, so one relay transaction
   * carries many events under load (default 10 ms).
   */
  coalesceMs?: number;
}): OutboxRelay {
  const { db, bus, logger } = options;
  const table = options.table ?? OUTBOX_TABLE;
  const batchSize = options.batchSize ?? 500;
  const pollMs = options.pollMs ?? 500;
  const coalesceMs = options.coalesceMs ?? 10;
  const js = bus.connection.jetstream();
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let timerDue = Infinity;

  // BEGIN, the claim and the commit setting go as one simple query (one round trip); the rows
  // are claimed and deleted in one statement, and a failed publish rolls the delete back.
  // The commit does not wait for its WAL flush (synchronous_commit off, this transaction
  // only): a delete lost in a crash only publishes its rows again, which JetStream drops by
  // message id within its duplicate window and every consumer drops by event id after it.
  const quoted = `"${table.replace(/"/g, '""')}"`;
  const claimSql = `BEGIN; SET LOCAL synchronous_commit TO off;
    DELETE FROM ${quoted} WHERE seq IN (
      SELECT seq FROM ${quoted} ORDER BY seq LIMIT ${Math.floor(batchSize)} FOR UPDATE SKIP LOCKED
    ) RETURNING seq, id, subject, payload, headers`;

  async function publishBatch(): Promise<number> {
    return withPgConnection(db, async (connection) => {
      let rows: OutboxRow[];
      try {
        const results = (await connection.query(claimSql)) as { rows: unknown[] }[];
        rows = results[results.length - 1]!.rows as OutboxRow[];
        if (rows.length > 0) {
          rows.sort((a, b) => Number(a.seq) - Number(b.seq));
          // Sent in order on one connection; the acknowledgements are awaited together.
          await Promise.all(rows.map(publishRow));
        }
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      await connection.query('COMMIT');
      if (rows.length > 0) outboxPublished.inc({ outbox: bus.name }, rows.length);
      return rows.length;
    });
  }

  /** Publishes one row as a PRODUCER span of the trace that wrote it, carried on in its headers. */
  async function publishRow(row: OutboxRow) {
    const parent = extractTraceContext(row.headers ?? {});
    const span = tracer().startSpan(
      `${row.subject} publish`,
      {
        kind: SpanKind.PRODUCER,
        attributes: {
          'messaging.system': 'nats',
          'messaging.operation.type': 'send',
          'messaging.destination.name': row.subject,
          'messaging.message.id': row.id,
        },
      },
      parent,
    );
    // The writer's request id stays; the trace goes on from this span.
    const carrier = { ...row.headers, ...injectTraceContext({}, trace.setSpan(parent, span)) };
    try {
      await js.publish(bus.subject(row.subject), codec.encode(row.payload), {
        msgID: row.id,
        headers: toNatsHeaders(carrier),
      });
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      again = false;
      const n = await publishBatch();
      total += n;
      if (n < batchSize && !again) return total;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  /** Runs the relay in `delayMs`, unless a run is already due sooner. */
  function schedule(delayMs: number) {
    if (stopped) return;
    const due = Date.now() + delayMs;
    if (timer && timerDue <= due) return;
    if (timer) clearTimeout(timer);
    timerDue = due;
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = null;
    timerDue = Infinity;
    run().then(
      () => schedule(pollMs),
      (error: unknown) => {
        logger.warn({ err: error }, 'outbox relay: publish failed; retrying');
        schedule(Math.max(pollMs, 1000));
      },
    );
  }

  schedule(0);
  // The backlog, read at each scrape: what waits, and for how long the oldest has.
  const unwatch = watchOutbox(bus.name, async () => {
    const { rows } = (await db.raw(
      `SELECT count(*)::int AS pending,
              coalesce(extract(epoch FROM now() - min(created_at)), 0)::float AS age
         FROM ??`,
      [table],
    )) as { rows: { pending: number; age: number }[] };
    return { pending: rows[0]!.pending, oldestAgeSeconds: rows[0]!.age };
  });
  return {
    wake() {
      if (stopped) return;
      if (running) again = true;
      else schedule(coalesceMs);
    },
    flush: () => run(),
    async stop() {
      stopped = true;
      unwatch();
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
