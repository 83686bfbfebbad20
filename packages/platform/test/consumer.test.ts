import { JSONCodec } from 'nats';
import {
  connectEventBus,
  createConsumedEventsTable,
  createKnex,
  createLogger,
  deleteStreams,
  ensureStreams,
  migrateLatest,
  startEventConsumer,
  type EventBus,
  type EventConsumer,
  type Knex,
} from '../src';
import { createTestDatabase, eventually, testNatsPrefix, type TestDatabase } from '../src/testing';

const streams = [{ name: 'DEMO', subjects: ['demo.>'] }];
const codec = JSONCodec();

describe('durable event consumer', () => {
  let database: TestDatabase;
  let db: Knex;
  let bus: EventBus;
  const logger = createLogger('consumer-test', 'silent');

  beforeAll(async () => {
    database = await createTestDatabase('consumer');
    db = createKnex({ url: database.url, schema: 'demo' });
    await migrateLatest(db, 'demo', {
      '001_consumed': {
        up: async (k) => {
          await createConsumedEventsTable(k);
          await k.schema.createTable('applied', (t) => {
            t.text('event_id');
            t.integer('n');
          });
        },
        down: (k) => k.schema.dropTable('consumed_events'),
      },
    });
    bus = await connectEventBus({
      url: 'nats://127.0.0.1:4222',
      subjectPrefix: testNatsPrefix(),
      name: 'consumer-test',
    });
    await ensureStreams(bus, streams);
  });
  afterAll(async () => {
    await deleteStreams(bus, streams);
    await bus.close();
    await db.destroy();
    await database.drop();
  });

  /** A consumer of demo.<topic> (the DEMO stream). */
  const consume = (
    topic: string,
    options: Omit<
      Parameters<typeof startEventConsumer>[0],
      'db' | 'bus' | 'logger' | 'stream' | 'subject'
    >,
  ) =>
    startEventConsumer({ db, bus, logger, stream: 'DEMO', subject: `demo.${topic}`, ...options });

  const publish = async (subject: string, body: unknown, msgID?: string) =>
    bus.connection.jetstream().publish(bus.subject(subject), codec.encode(body), { msgID });

  it('applies each event once, in order: redeliveries and re-published copies change nothing', async () => {
    const afterCommit: number[] = [];
    let failOnce = true;
    const start = () =>
      consume('counted', {
        durable: 'counter',
        retryMs: 20,
        handle: async (trx, event) => {
          const { n } = event.payload as { n: number };
          await trx('applied').insert({ event_id: event.id, n });
          // The first try of n = 2 fails after writing: rolled back, delivered again.
          if (n === 2 && failOnce) {
            failOnce = false;
            throw new Error('transient');
          }
          return () => {
            afterCommit.push(n);
          };
        },
      });

    // Published while no consumer runs: the durable consumer still gets them.
    await publish('demo.counted', { id: 'e1', n: 1 });
    await publish('demo.other', { id: 'x1', n: 99 });
    let consumer: EventConsumer = await start();
    await publish('demo.counted', { id: 'e2', n: 2 });
    await eventually(async () => expect(await db('applied').pluck('n')).toEqual([1, 2]), {
      timeoutMs: 10_000,
    });

    // A copy published past the duplicate window (another message id, the same event id), and
    // a restart of the consumer in between: applied once all the same.
    await consumer.stop();
    await publish('demo.counted', { id: 'e2', n: 2 }, 'copy-of-e2');
    consumer = await start();
    await publish('demo.counted', { id: 'e3', n: 3 });
    try {
      // e3 comes after the copy: once it is applied, the copy has been seen.
      await eventually(async () => expect(await db('applied').pluck('n')).toEqual([1, 2, 3]), {
        timeoutMs: 10_000,
      });
      expect(afterCommit).toEqual([1, 2, 3]);
      expect(
        await db('consumed_events')
          .where({ consumer: 'counter' })
          .orderBy('event_id')
          .pluck('event_id'),
      ).toEqual(['e1', 'e2', 'e3']);
    } finally {
      await consumer.stop();
    }
  });

  it('events that arrive during a transaction share the next one; a failing one is applied alone', async () => {
    const txOf = new Map<string, string>();
    let gate = { entered: () => {}, released: Promise.resolve() };
    /** The next `hold…` event waits in its transaction until the answer's release(). */
    const holdNext = () => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const entered = new Promise<void>((resolve) => (gate = { entered: resolve, released }));
      return { entered, release };
    };
    let failures = 0;
    const consumer = await consume('grouped', {
      durable: 'grouped',
      retryMs: 20,
      handle: async (trx, event) => {
        if (event.id.startsWith('hold')) {
          gate.entered();
          await gate.released;
        }
        // g3 fails twice: in its group, then alone; it succeeds when it comes again.
        if (event.id === 'g3' && failures < 2) {
          failures++;
          throw new Error('transient');
        }
        const { rows } = (await trx.raw('SELECT txid_current()::text AS tx')) as {
          rows: { tx: string }[];
        };
        txOf.set(event.id, rows[0]!.tx);
      },
    });
    try {
      const first = holdNext();
      await publish('demo.grouped', { id: 'hold1' });
      await first.entered;
      for (const id of ['g1', 'g2']) await publish('demo.grouped', { id });
      first.release();
      await eventually(() => expect(txOf.size).toBe(3), { timeoutMs: 10_000 });
      // g1 and g2 came while hold1's transaction waited: one transaction for both.
      expect(txOf.get('g1')).toBe(txOf.get('g2'));
      expect(txOf.get('g1')).not.toBe(txOf.get('hold1'));

      const second = holdNext();
      await publish('demo.grouped', { id: 'hold2' });
      await second.entered;
      for (const id of ['g3', 'g4', 'g5']) await publish('demo.grouped', { id });
      second.release();
      await eventually(() => expect(txOf.size).toBe(7), { timeoutMs: 10_000 });
      expect(failures).toBe(2);
      // Their group failed on g3: g4 and g5 were applied each alone, not held back by it.
      expect(new Set(['g3', 'g4', 'g5'].map((id) => txOf.get(id))).size).toBe(3);
      expect(
        await db('consumed_events')
          .where({ consumer: 'grouped' })
          .orderBy('event_id')
          .pluck('event_id'),
      ).toEqual(['g1', 'g2', 'g3', 'g4', 'g5', 'hold1', 'hold2']);
    } finally {
      await consumer.stop();
    }
  });

  it('stops while an event is being applied: waits for it, and the next replica gets the rest', async () => {
    const applied: string[] = [];
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const start = (handle: (id: string) => Promise<void>) =>
      consume('stopping', {
        durable: 'stopping',
        // What the stopped replica had pulled comes again after this (its pull may outlive it).
        ackWaitMs: 1000,
        handle: async (_trx, event) => handle(event.id),
      });
    const first = await start(async (id) => {
      entered();
      await released;
      applied.push(id);
    });
    for (const id of ['a1', 'a2', 'a3']) await publish('demo.stopping', { id });
    await inHandler;
    const stopping = first.stop();
    release();
    await stopping; // hung for good when the loop left the iterator by `break`
    expect(applied).toEqual(['a1']);
    const next = await start(async (id) => {
      applied.push(id);
    });
    try {
      // Redelivered ones may come in any order.
      await eventually(() => expect([...applied].sort()).toEqual(['a1', 'a2', 'a3']), {
        timeoutMs: 10_000,
      });
    } finally {
      await next.stop();
    }
  });

  it('two replicas with one durable name share the events, each applied once', async () => {
    const applied: string[] = [];
    const start = () =>
      consume('shared', {
        durable: 'shared',
        handle: async (_trx, event) => {
          applied.push(event.id);
        },
      });
    const replicas = [await start(), await start()];
    try {
      const ids = Array.from({ length: 40 }, (_, i) => `s${i}`);
      for (const id of ids) await publish('demo.shared', { id });
      await eventually(() => expect(applied).toHaveLength(40), { timeoutMs: 10_000 });
      expect(new Set(applied)).toEqual(new Set(ids));
    } finally {
      await Promise.all(replicas.map((r) => r.stop()));
    }
  });
});
