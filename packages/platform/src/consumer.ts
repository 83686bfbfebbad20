import { AckPolicy, DeliverPolicy, JSONCodec, nanos, type JsMsg } from 'nats';
import type { Knex } from './db';
import { fromNatsHeaders, observeDeliveryLag, withEventSpan } from './event-telemetry';
import type { Logger } from './logger';
import { eventsConsumed } from './metrics';
import type { EventBus } from './nats';
import { streamName } from './outbox';

/**
 * The other end of the outbox relay: a durable JetStream consumer that applies each event in a
 * PostgreSQL transaction, once. The consumer lives on the server (its name is `durable`), so
 * events published while the service was down wait for it, and replicas sharing the name share
 * the work (each message goes to one of them). Every message is acknowledged only after its
 * transaction committed; a failed one is delivered again later. JetStream delivers at least
 * once, so the transaction first records the event id in `consumed_events`: an id seen before
 * (a redelivery, a re-published copy past the stream's duplicate window) changes nothing.
 * Events that arrive while a transaction runs share the next one (group commit: one BEGIN and
 * COMMIT for the lot, as the outbox relay does on the other side); if it fails, each is applied
 * again alone, so one bad event holds back only itself.
 */
export const CONSUMED_EVENTS_TABLE = 'consumed_events';

/** For a service migration: the table of event ids already applied, per consumer. */
export async function createConsumedEventsTable(
  db: Knex,
  table = CONSUMED_EVENTS_TABLE,
): Promise<void> {
  await db.schema.createTable(table, (t) => {
    t.text('consumer').notNullable();
    t.text('event_id').notNullable();
    t.timestamp('consumed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    t.primary(['consumer', 'event_id']);
  });
}

/** One received event: its id (the payload's `id`), subject (without the prefix) and payload. */
export interface ConsumedEvent {
  id: string;
  subject: string;
  payload: unknown;
}

/**
 * Applies an event inside the transaction given; may answer work to run after the commit (a
 * cache or Redis update that must not run if the transaction rolls back). Throwing rolls back
 * and the event comes again later.
 */
export type EventHandler = (
  trx: Knex.Transaction,
  event: ConsumedEvent,
) => Promise<void | (() => Promise<void> | void)>;

export interface EventConsumer {
  /** Stops taking messages and waits for the one being applied. */
  stop(): Promise<void>;
}

const codec = JSONCodec();
/** At most this many events a transaction; past it the consumer waits for the queue to drain. */
const MAX_BATCH = 100;
const isAlreadyThere = (error: unknown) =>
  /already (exists|in use)/i.test(String((error as Error).message));

/**
 * Starts a durable pull consumer of one subject of a stream (both without the deployment's
 * prefix) and applies every event with `handle`, in order, one at a time per process. The
 * stream must exist (`ensureStreams`). Ids stay in `consumed_events` as long as the stream keeps
 * events (`keepIdsMs`, default 8 days), then are pruned.
 */
export async function startEventConsumer(options: {
  db: Knex;
  bus: EventBus;
  logger: Logger;
  stream: string;
  subject: string;
  durable: string;
  handle: EventHandler;
  /**
   * Events this consumer has nothing to do with (a guest's score for achievements): acknowledged
   * without a transaction or a recorded id, since applying one again would change nothing.
   */
  ignores?: (payload: unknown) => boolean;
  table?: string;
  /** Redelivery of a message not acknowledged in this time (default 30 s). */
  ackWaitMs?: number;
  /** Delay before a failed message comes again (default 1 s). */
  retryMs?: number;
  keepIdsMs?: number;
}): Promise<EventConsumer> {
  const { db, bus, logger, durable } = options;
  const table = options.table ?? CONSUMED_EVENTS_TABLE;
  const retryMs = options.retryMs ?? 1000;
  const keepIdsMs = options.keepIdsMs ?? 8 * 24 * 3600_000;
  const stream = streamName(bus.subject(''), options.stream);
  const jsm = await bus.connection.jetstreamManager();
  try {
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: bus.subject(options.subject),
      ack_wait: nanos(options.ackWaitMs ?? 30_000),
      max_deliver: -1,
    });
  } catch (error) {
    // Made by another replica, or by an earlier start: it keeps its place in the stream.
    if (!isAlreadyThere(error)) throw error;
  }
  const consumer = await bus.connection.jetstream().consumers.get(stream, durable);
  const log = logger.child({ consumer: durable, subject: options.subject });

  async function prune() {
    await db(table)
      .where({ consumer: durable })
      .where('consumed_at', '<', new Date(Date.now() - keepIdsMs))
      .del();
  }

  /** A received event waiting for its transaction. */
  interface Received extends ConsumedEvent {
    msg: JsMsg;
    carrier: ReturnType<typeof fromNatsHeaders>;
  }
  const span = (event: Received, work: () => Promise<void>) =>
    withEventSpan(
      { consumer: durable, subject: event.subject, carrier: event.carrier, eventId: event.id },
      work,
    );

  /** Records the id and applies the event in `trx`: its after-commit step, or null if seen. */
  async function applyIn(trx: Knex.Transaction, event: Received) {
    const { rows } = (await trx.raw(
      `INSERT INTO ?? (consumer, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING 1`,
      [table, durable, event.id],
    )) as { rows: unknown[] };
    if (rows.length === 0) return null;
    // Applied as a span of the trace that wrote the event, with its request id in the logs.
    let after: (() => Promise<void> | void) | undefined;
    await span(event, async () => {
      after = (await options.handle(trx, event)) ?? undefined;
    });
    return after ?? (() => undefined);
  }

  async function committed(event: Received, after: (() => Promise<void> | void) | null) {
    if (after) {
      await Promise.resolve()
        .then(after)
        .catch((error: unknown) =>
          log.warn({ err: error, id: event.id }, 'after-commit step failed'),
        );
    }
    eventsConsumed.inc({ consumer: durable, result: after ? 'applied' : 'duplicate' });
    event.msg.ack();
  }

  /** The events in one transaction; false (nothing applied) if it failed. */
  async function applyTogether(batch: Received[]): Promise<boolean> {
    let afters: ((() => Promise<void> | void) | null)[];
    try {
      afters = await db.transaction(async (trx) => {
        const steps = [];
        for (const event of batch) steps.push(await applyIn(trx, event));
        return steps;
      });
    } catch {
      return false;
    }
    for (const [i, event] of batch.entries()) await committed(event, afters[i]!);
    return true;
  }

  async function applyAlone(event: Received): Promise<void> {
    try {
      await committed(event, await db.transaction((trx) => applyIn(trx, event)));
    } catch (error) {
      eventsConsumed.inc({ consumer: durable, result: 'failed' }); // its span says why
      log.warn({ err: error, id: event.id }, 'event not applied; it comes again');
      event.msg.nak(retryMs);
    }
  }

  let stopped = false;
  const queue: Received[] = [];
  let draining: Promise<void> | null = null;

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      // After stop(), what waits goes back at once (to another replica).
      if (stopped) for (const event of queue.splice(0)) event.msg.nak();
      const batch = queue.splice(0, MAX_BATCH);
      if (batch.length > 1 && (await applyTogether(batch))) continue;
      for (const event of batch) await applyAlone(event);
    }
  }

  /** Queues the event for the next transaction; resolves when the queue has room again. */
  async function receive(msg: JsMsg): Promise<void> {
    let payload: unknown;
    try {
      payload = codec.decode(msg.data);
    } catch {
      log.warn({ seq: msg.seq }, 'event is not JSON; dropped');
      eventsConsumed.inc({ consumer: durable, result: 'dropped' });
      msg.term();
      return;
    }
    observeDeliveryLag(durable, payload);
    const fromPayload = (payload as { id?: unknown } | null)?.id;
    const id =
      typeof fromPayload === 'string' && fromPayload
        ? fromPayload
        : (msg.headers?.get('Nats-Msg-Id') ?? `${stream}:${msg.seq}`);
    const subject = msg.subject.slice(bus.subject('').length);
    const event: Received = { msg, id, subject, payload, carrier: fromNatsHeaders(msg.headers) };
    if (options.ignores?.(payload)) {
      // Still a span of the trace: the event reached this consumer, which had nothing to do.
      await span(event, async () => {
        eventsConsumed.inc({ consumer: durable, result: 'ignored' });
        msg.ack();
      });
      return;
    }
    queue.push(event);
    draining ??= drain().finally(() => (draining = null));
    if (queue.length >= MAX_BATCH) await draining;
  }

  let messages: Awaited<ReturnType<typeof consumer.consume>> | null = null;
  const loop = (async () => {
    await prune().catch((error: unknown) => log.warn({ err: error }, 'prune failed'));
    let pruned = Date.now();
    while (!stopped) {
      try {
        messages = await consumer.consume({ max_messages: 100 });
        // The iterator ends only by running the stop that close() queues in it: so it is never
        // left by `break` (close() would then wait for good), and a stop() that came while
        // consume() was opening, with nothing to close yet, closes it here.
        if (stopped) void messages.close();
        for await (const msg of messages) {
          // After stop(), messages already pulled go back at once (to another replica).
          if (stopped) {
            msg.nak();
            continue;
          }
          await receive(msg);
          if (Date.now() - pruned > 3600_000) {
            pruned = Date.now();
            await prune().catch((error: unknown) => log.warn({ err: error }, 'prune failed'));
          }
        }
        if (stopped) break;
        log.warn('consumer ended; resuming');
      } catch (error) {
        if (stopped) break;
        log.warn({ err: error }, 'consumer interrupted; resuming');
      }
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  })();

  return {
    async stop() {
      stopped = true;
      await messages?.close();
      await loop;
      await draining;
    },
  };
}
