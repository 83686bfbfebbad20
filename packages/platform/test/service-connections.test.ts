import {
  connectEventBus,
  createOutboxTable,
  deleteStreams,
  openServiceConnections,
  outboxEvent,
  streamName,
  writeOutbox,
  type Migrations,
  type ServiceConnectionsConfig,
} from '../src';
import {
  createTestDatabase,
  eventually,
  testNatsPrefix,
  testRedisPrefix,
  type TestDatabase,
} from '../src/testing';

const published = [{ name: 'OWN', subjects: ['own.>'] }];
const consumed = [{ name: 'READ', subjects: ['read.>'] }];
const migrations: Migrations = {
  '001_outbox': { up: (k) => createOutboxTable(k), down: (k) => k.schema.dropTable('outbox') },
};

describe("a service's connections", () => {
  let database: TestDatabase;
  let config: ServiceConnectionsConfig;

  beforeAll(async () => {
    database = await createTestDatabase('connections');
    config = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      METRICS_HOST: '127.0.0.1',
      OTEL_TRACES_SAMPLER: 'always_off',
      DATABASE_URL: database.url,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: testRedisPrefix(),
      NATS_URL: 'nats://127.0.0.1:4222',
      NATS_SUBJECT_PREFIX: testNatsPrefix(),
      NATS_STREAM_REPLICAS: 1,
    };
  });
  afterAll(() => database.drop());
  const common = () => ({
    service: 'content' as const,
    config,
    schema: 'demo',
    migrations,
    streams: published,
  });

  it('migrates, relays the outbox, and on close deletes only the streams it publishes to', async () => {
    const connections = await openServiceConnections({ ...common(), consumedStreams: consumed });
    const jsm = await connections.bus.connection.jetstreamManager();
    const name = (stream: string) => streamName(config.NATS_SUBJECT_PREFIX, stream);
    await writeOutbox(connections.db, [outboxEvent('own.happened', { n: 1 })]);
    connections.relay.wake();
    await eventually(
      async () => expect((await jsm.streams.info(name('OWN'))).state.messages).toBe(1),
      { timeoutMs: 5000 },
    );
    await connections.close({ deleteStreams: true });

    const bus = await connectEventBus({
      url: config.NATS_URL,
      subjectPrefix: config.NATS_SUBJECT_PREFIX,
      name: 'connections-test',
    });
    const streams = (await bus.connection.jetstreamManager()).streams;
    await expect(streams.info(name('OWN'))).rejects.toThrow(/not found/i);
    expect((await streams.info(name('READ'))).config.name).toBe(name('READ'));
    await deleteStreams(bus, consumed);
    await bus.close();
  });

  it('starts no relay when asked not to', async () => {
    const connections = await openServiceConnections({ ...common(), outboxRelay: false });
    expect(connections.relay).toBeNull();
    await connections.close({ deleteStreams: true });
  });
});
