import http from 'node:http';
import {
  connectRedis,
  createLogger,
  listen,
  runProcess,
  loadPublicKey,
  startTelemetry,
} from '@ballmatch/platform';
import { createRequestListener } from './app';
import { clientKeyOf, clientKeySecret } from './client-key';
import { createServiceClients } from './clients';
import { loadGatewayConfig } from './config';
import { batchedStdout } from './log-destination';
import { createSessionCookies, sessionOpen } from './middleware/session';
import { createSocketProxy, socketRoutes } from './socket-proxy';

export interface RunningGateway {
  port: number;
  /** The /metrics port (null: metrics off, as in tests by default). */
  metricsPort: number | null;
  stop(): Promise<void>;
}

/**
 * Composition root: config → clients → HTTP server. Tests call it with their own env, and may
 * give the clock the rate limits count minutes on and the read cache's entries live on (the
 * real one by default).
 */
export async function start(
  env: NodeJS.ProcessEnv = process.env,
  options: { now?: () => number } = {},
): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const logLines = batchedStdout();
  const logger = createLogger('gateway', config.LOG_LEVEL, logLines);
  const redis = await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  const telemetry = await startTelemetry({ service: 'gateway', config, logger, redis });
  const clients = createServiceClients(config);
  let draining = false;
  const publicKey = loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);
  const sockets = createSocketProxy({
    routes: socketRoutes({ realtime: config.REALTIME_URL, sessions: config.SESSIONS_WS_URL }),
    allowedOrigins: config.PUBLIC_ORIGIN.split(','),
    trustProxy: config.TRUST_PROXY,
    logger,
    draining: () => draining,
    sessionOpen: (token) => sessionOpen({ publicKey, redis }, token),
  });
  const listener = createRequestListener(
    {
      config,
      logger,
      logLines,
      redis,
      ...clients,
      publicKey,
      cookies: createSessionCookies(config.COOKIE_SECURE),
      clientKey: clientKeyOf(clientKeySecret(config)),
      sockets,
      now: options.now ?? Date.now,
    },
    () => draining,
  );
  const server = http.createServer(listener);
  server.on('upgrade', sockets.upgrade);
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  const port = await listen(server, config.PORT, config.HOST);
  logger.info({ port }, 'gateway listening');

  return {
    port,
    metricsPort: telemetry.metricsPort,
    async stop() {
      // Readiness fails first so a load balancer stops sending; then in-flight requests finish.
      draining = true;
      // Upgraded sockets are outside the HTTP server's reach: cut them, their clients reconnect.
      sockets.closeAll();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections go as soon as their request is answered; stragglers after 10 s.
        const sweep = setInterval(() => server.closeIdleConnections(), 100);
        const force = setTimeout(() => server.closeAllConnections(), 10_000);
        server.once('close', () => {
          clearInterval(sweep);
          clearTimeout(force);
        });
      });
      clients.close();
      await telemetry.stop();
      redis.disconnect();
    },
  };
}

if (require.main === module) runProcess('gateway', () => start());
