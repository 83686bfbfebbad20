import {
  connectEventBus,
  createGrpcClient,
  type AsyncClient,
  type EventBus,
} from '@ballmatch/platform';
import { createTestDatabase, testNatsPrefix, type TestDatabase } from '@ballmatch/platform/testing';
import { sessionsV1 } from '@ballmatch/proto';
import { start, type RunningSessions } from '../src';

/** A real sessions process-in-test: its own database and NATS subject prefix. */
export interface SessionsHarness {
  client: AsyncClient<sessionsV1.SessionServiceClient>;
  /** Connected with the same subject prefix as the service, to hear its events. */
  bus: EventBus;
  running: RunningSessions;
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

export async function startSessions(extraEnv: NodeJS.ProcessEnv = {}): Promise<SessionsHarness> {
  const database: TestDatabase = await createTestDatabase('sessions');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    GRPC_HOST: '127.0.0.1',
    GRPC_PORT: '0',
    DATABASE_URL: database.url,
    NATS_SUBJECT_PREFIX: testNatsPrefix(),
    ...extraEnv,
  };
  const running = await start(env);
  const client = createGrpcClient(
    sessionsV1.SessionServiceClient,
    sessionsV1.SessionServiceService,
    `127.0.0.1:${running.port}`,
    { serviceLabel: 'sessions', defaultTimeoutMs: 5000 },
  );
  const bus = await connectEventBus({
    url: 'nats://127.0.0.1:4222',
    subjectPrefix: env.NATS_SUBJECT_PREFIX,
    name: 'sessions-test',
  });
  return {
    client,
    bus,
    running,
    env,
    async close() {
      client.close();
      await bus.close();
      await running.stop({ deleteStreams: true });
      await database.drop();
    },
  };
}
