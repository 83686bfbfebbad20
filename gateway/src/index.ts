import http from 'node:http';
import {
  connectRedis,
  createGrpcClient,
  createLogger,
  runProcess,
  loadPublicKey,
} from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import { scoresV1 } from '@ballmatch/proto';
import { sessionsV1 } from '@ballmatch/proto';
import { createApp } from './app';
import { loadGatewayConfig } from './config';
import { sessionCookies } from './middleware/session';
import { realtimeProxy } from './realtime-proxy';

export interface RunningGateway {
  port: number;
  stop(): Promise<void>;
}

/** Composition root: config → clients → HTTP server. Tests call it with their own env. */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<RunningGateway> {
  const config = loadGatewayConfig(env);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const redis = await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  const auth = createGrpcClient(
    authV1.AuthServiceClient,
    authV1.AuthServiceService,
    config.AUTH_ADDR,
    {
      serviceLabel: 'auth',
    },
  );
  const sessions = createGrpcClient(
    sessionsV1.SessionServiceClient,
    sessionsV1.SessionServiceService,
    config.SESSIONS_ADDR,
    { serviceLabel: 'sessions' },
  );
  const scores = createGrpcClient(
    scoresV1.ScoreServiceClient,
    scoresV1.ScoreServiceService,
    config.SCORES_ADDR,
    { serviceLabel: 'scores' },
  );
  let draining = false;
  const realtime = realtimeProxy({
    target: config.REALTIME_URL,
    allowedOrigins: config.PUBLIC_ORIGIN.split(','),
    trustProxy: config.TRUST_PROXY,
    logger,
    draining: () => draining,
  });
  const app = createApp(
    {
      config,
      logger,
      redis,
      auth,
      sessions,
      scores,
      publicKey: loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR),
      cookies: sessionCookies(config.COOKIE_SECURE),
      realtime,
    },
    () => draining,
  );
  const server = http.createServer(app);
  server.on('upgrade', realtime.upgrade);
  server.keepAliveTimeout = 65_000; // longer than common load balancers' idle timeout
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  const port = (server.address() as { port: number }).port;
  logger.info({ port }, 'gateway listening');

  return {
    port,
    async stop() {
      // Readiness fails first so a load balancer stops sending; then in-flight requests finish.
      draining = true;
      // Upgraded sockets are outside the HTTP server's reach: cut them, their clients reconnect.
      realtime.closeAll();
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
      auth.close();
      sessions.close();
      scores.close();
      redis.disconnect();
    },
  };
}

if (require.main === module) runProcess('gateway', () => start());
