import { JSONCodec } from 'nats';
import {
  connectEventBus,
  createKnex,
  createLogger,
  createOutboxTable,
  deleteStreams,
  ensureStreams,
  migrateLatest,
  outboxEvent,
  startOutboxRelay,
  streamName,
  writeOutbox,
  type EventBus,
  type Knex,
  type OutboxRelay,
} from '../src';
import { createTestDatabase, eventually, testNatsPrefix, type TestDatabase } from '../src/testing';

const streams = [{ name: 'DEMO', subjects: ['demo.>'] }];
const codec = JSONCodec<{ id: string; n: number }>();

describe('transactional outbox relayed to JetStream', () => {
  let database: TestDatabase;
  let db: Knex;
  let bus: EventBus;
  const logger = createLogger('outbox-test', 'silent');

  /** Every message the stream holds, in order. */
  async function streamMessages(): Promise<{ id: string; n: number; msgId?: string }[]> {
    const jsm = await bus.connection.jetstreamManager();
    const name = streamName(bus.subject(''), 'DEMO');
    const { state } = await jsm.streams.info(name);
    const out = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(name, { seq });
      out.push({ ...codec.decode(msg.data), msgId: msg.header?.get('Nats-Msg-Id') });
    }
    return out;
  }

  beforeAll(async () => {
    database = await createTestDatabase('outbox');
    db = createKnex({ url: database.url, schema: 'demo' });
    await migrateLatest(db, 'demo', {
      '001_outbox': { up: (k) => createOutboxTable(k), down: (k) => k.schema.dropTable('outbox') },
    });
    bus = await connectEventBus({
      url: 'nats://127.0.0.1:4222',
      subjectPrefix: testNatsPrefix(),
      name: 'outbox-test',
    });
    await ensureStreams(bus, streams);
    await ensureStreams(bus, streams); // idempotent
  });
  afterAll(async () => {
    await deleteStreams(bus, streams);
    await bus.close();
    await db.destroy();
    await database.drop();
  });
  beforeEach(async () => {
    const jsm = await bus.connection.jetstreamManager();
    await jsm.streams.purge(streamName(bus.subject(''), 'DEMO'));
  });

  it('publishes committed events once, in order, and forgets rolled-back ones', async () => {
    const kept = [1, 2, 3].map((n) => outboxEvent('demo.happened', { n }));
    await db.transaction((trx) => writeOutbox(trx, kept));
    await db
      .transaction(async (trx) => {
        await writeOutbox(trx, [outboxEvent('demo.happened', { n: 99 })]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);

    const relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
    try {
      await relay.flush();
      const messages = await streamMessages();
      expect(messages.map((m) => m.n)).toEqual([1, 2, 3]);
      expect(messages.map((m) => m.msgId)).toEqual(kept.map((e) => e.id));
      expect(await db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]);
    } finally {
      await relay.stop();
    }
  });

  it('a publish repeated after a crash (before the delete) reaches the stream once', async () => {
    const event = outboxEvent('demo.happened', { n: 7 });
    await writeOutbox(db, [event]);
    // The previous relay published, then died before deleting its row.
    const js = bus.connection.jetstream();
    await js.publish(bus.subject('demo.happened'), codec.encode({ id: event.id, n: 7 }), {
      msgID: event.id,
    });
    const relay = startOutboxRelay({ db, bus, logger, pollMs: 50 });
    try {
      await relay.flush();
      expect((await streamMessages()).map((m) => m.id)).toEqual([event.id]);
    } finally {
      await relay.stop();
    }
  });

  it('keeps the events when JetStream does not take them (no stream for the subject)', async () => {
    const event = outboxEvent('nowhere.happened', { n: 1 });
    await writeOutbox(db, [event]);
    const relay = startOutboxRelay({ db, bus, logger, pollMs: 60_000 });
    try {
      await expect(relay.flush()).rejects.toBeDefined();
      expect(await db('outbox').pluck('id')).toEqual([event.id]);
    } finally {
      await relay.stop();
      await db('outbox').del();
    }
  });

  it('two relays on one table publish each event once', async () => {
    const relays: OutboxRelay[] = [
      startOutboxRelay({ db, bus, logger, pollMs: 20, batchSize: 7 }),
      startOutboxRelay({ db, bus, logger, pollMs: 20, batchSize: 7 }),
    ];
    try {
      const events = Array.from({ length: 60 }, (_, n) => outboxEvent('demo.happened', { n }));
      for (let i = 0; i < events.length; i += 10) {
        await writeOutbox(db, events.slice(i, i + 10));
        relays[(i / 10) % 2]!.wake();
      }
      // Woken or polling, between them they empty the table.
      await eventually(
        async () => expect(await db('outbox').count({ n: '*' })).toEqual([{ n: '0' }]),
        { timeoutMs: 10_000 },
      );
      await Promise.all(relays.map((r) => r.flush()));
      const ids = (await streamMessages()).map((m) => m.id);
      expect(ids).toHaveLength(60);
      expect(new Set(ids)).toEqual(new Set(events.map((e) => e.id)));
    } finally {
      await Promise.all(relays.map((r) => r.stop()));
    }
  });
});
