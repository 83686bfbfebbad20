import {
  connectEventBus,
  createLogger,
  listen,
  loadPublicKey,
  runProcess,
  startTelemetry,
  watchOpenSockets,
  verifySessionToken,
  type EventBus,
  type RunningService,
} from '@ballmatch/platform';
import { loadRealtimeConfig } from './config';
import { subscribeFeed } from './feed';
import { CLOSE, Hub } from './hub';
import { createHttpServer } from './http-server';
import { RecentIds } from './recent-ids';

export interface RunningRealtime extends RunningService {
  hub: Hub;
  bus: EventBus;
  stop(): Promise<void>;
}

/** Composition root: config → NATS → HTTP/WebSocket server. Tests call it with their own env. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningRealtime> {
  const config = loadRealtimeConfig(env);
  const logger = createLogger('realtime', config.LOG_LEVEL);
  const publicKey = loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);
  const bus = await connectEventBus({
    url: config.NATS_URL,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    name: 'realtime',
  });
  let natsConnected = true;
  void (async () => {
    for await (const status of bus.connection.status()) {
      if (status.type === 'disconnect') {
        natsConnected = false;
        logger.warn({ server: status.data }, 'NATS disconnected; reconnecting');
      } else if (status.type === 'reconnect') {
        natsConnected = true;
        logger.info({ server: status.data }, 'NATS reconnected; delivery resumes');
      }
    }
  })();

  const hub = new Hub(
    {
      maxConnectionsPerIp: config.MAX_CONNECTIONS_PER_IP,
      maxBufferedBytes: config.MAX_BUFFERED_BYTES,
      heartbeatIntervalMs: config.HEARTBEAT_INTERVAL_MS,
      batchIntervalMs: config.BATCH_INTERVAL_MS,
    },
    logger,
  );
  const telemetry = await startTelemetry({ service: 'realtime', config, logger, bus });
  const unwatchSockets = watchOpenSockets('realtime', () => hub.connectionCount);
  const subscriptions = subscribeFeed(bus, hub, new RecentIds(config.DEDUPE_CAPACITY), logger);
  // The subscriptions are on the server before the first socket can hear anything.
  await bus.connection.flush();

  let draining = false;
  const server = createHttpServer({
    hub,
    logger,
    trustProxy: config.TRUST_PROXY,
    maxMessageBytes: config.MAX_MESSAGE_BYTES,
    playerOf: (token) =>
      verifySessionToken(publicKey, token).then(
        (claims) => claims.userId,
        () => null,
      ),
    eventsConnected: () => natsConnected && !bus.connection.isClosed(),
    draining: () => draining,
  });
  server.keepAliveTimeout = 65_000;
  const port = await listen(server, config.PORT, config.HOST);
  hub.startHeartbeat();
  logger.info({ port }, 'realtime listening');

  return {
    port,
    metricsPort: telemetry.metricsPort,
    hub,
    bus,
    async stop() {
      // Not ready, no new sockets; every client is told to come back (1012), which the web
      // client does after its reconnect delay, landing on another replica.
      draining = true;
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await hub.closeAll(CLOSE.serviceRestart, 'Service restart', config.CLOSE_GRACE_MS);
      server.closeAllConnections();
      await closing;
      for (const subscription of subscriptions) subscription.unsubscribe();
      unwatchSockets();
      await telemetry.stop();
      await bus.close();
    },
  };
}

if (require.main === module) runProcess('realtime', () => start());
