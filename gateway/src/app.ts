import type { RequestListener } from 'node:http';
import cookieParser from 'cookie-parser';
import express from 'express';
import type { GatewayDeps } from './context';
import { apiNotFound, errorHandler } from './middleware/errors';
import { refuseMalformedPath } from './middleware/malformed-path';
import { originCheck } from './middleware/origin-check';
import { RateLimiter } from './middleware/rate-limit';
import { requestContext } from './middleware/request-context';
import { securityHeaders } from './middleware/security-headers';
import { httpTelemetry, rememberMount } from './middleware/telemetry';
import { readSession, requireAdmin } from './middleware/session';
import { accountRoutes } from './routes/account';
import { adServingRoutes } from './routes/ad-serving';
import { adRoutes } from './routes/ads';
import { adsAdminRoutes } from './routes/ads-admin';
import { authRoutes } from './routes/auth';
import { passwordResetRoutes } from './routes/password-reset';
import { contentRoutes } from './routes/content';
import { healthRoutes } from './routes/health';
import { leaderboardRoutes } from './routes/leaderboards';
import { mediaRoutes } from './routes/media';
import { paymentRoutes } from './routes/payments';
import { reviewRoutes } from './routes/review';
import { scoreRoutes } from './routes/scores';
import { gameRoutes } from './routes/games';
import { sessionRoutes } from './routes/sessions';
import { statsRoutes } from './routes/stats';
import { hotReadReplay } from './hot-reads';
import { readCache } from './read-cache';
import { orNone } from './routes/none-found';
import { webApp, type PageExists } from './web-app';

/** Every /api request's limit per client address (the hot-read replay spends from it too). */
function apiLimiter(deps: GatewayDeps): RateLimiter {
  return new RateLimiter({
    redis: deps.redis,
    logger: deps.logger,
    group: 'api',
    perMinute: deps.config.RATE_LIMIT_API_PER_MINUTE,
    now: deps.now,
  });
}

/**
 * The server's request handler: hot public reads Express has answered are replayed before it
 * (hot-reads.ts); everything else is the app's.
 */
export function createRequestListener(
  deps: GatewayDeps,
  isDraining: () => boolean = () => false,
): RequestListener {
  const limiter = apiLimiter(deps);
  const app = createApp(deps, isDraining, limiter);
  const replay = hotReadReplay({
    cache: readCache(deps),
    limiter,
    logger: deps.logger,
    logLines: deps.logLines,
    trustProxy: app.get('trust proxy fn') as (address: string, hop: number) => boolean,
  });
  return (req, res) => {
    if (!replay(req, res)) app(req, res);
  };
}

/**
 * '/updates/{id}' exists when content publishes that update; every other page path does. When
 * content cannot say, the page is served (its own read then shows the error).
 */
function updatePageExists(deps: GatewayDeps): PageExists {
  return async (pathname) => {
    const id = /^\/updates\/([^/]+)\/*$/i.exec(pathname)?.[1];
    if (id === undefined) return true;
    try {
      return (
        (await orNone(deps.updates.getPublishedUpdate({ id: decodeURIComponent(id) }))) !== null
      );
    } catch {
      return true;
    }
  };
}

/** The HTTP edge. Order matters: telemetry, context, headers, path, limits, session, guards, body, routes. */
export function createApp(
  deps: GatewayDeps,
  isDraining: () => boolean = () => false,
  limiter: RateLimiter = apiLimiter(deps),
): express.Express {
  const { config, logger } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(httpTelemetry());
  app.use(requestContext(logger));
  app.use(securityHeaders);
  app.use(refuseMalformedPath);
  app.use(healthRoutes(deps, isDraining));
  app.use(deps.sockets.http);

  const api = express.Router();
  api.use(rememberMount);
  api.use(limiter.middleware);
  // Stripe's deliveries: no browser (no Origin, no session), and the raw bytes are what it signs.
  api.use(paymentRoutes(deps));
  api.use(originCheck(config.PUBLIC_ORIGIN.split(',')));
  api.use(cookieParser());
  api.use(readSession(deps));
  // Every admin call but the admin sign-in itself needs an admin session.
  api.use('/admin', (req, res, next) =>
    req.path === '/login' ? next() : requireAdmin(req, res, next),
  );
  // Bodies read their own way (an image's raw bytes, an icon's larger JSON), before the parser.
  api.use(mediaRoutes(deps));
  api.use(express.json({ limit: config.JSON_BODY_LIMIT, strict: true }));
  const routers = [
    authRoutes,
    passwordResetRoutes,
    accountRoutes,
    gameRoutes,
    sessionRoutes,
    scoreRoutes,
    reviewRoutes,
    leaderboardRoutes,
    statsRoutes,
    adRoutes,
    adServingRoutes,
    adsAdminRoutes,
    contentRoutes,
  ];
  for (const routes of routers) api.use(routes(deps));
  api.use(apiNotFound);
  app.use('/api', api);

  app.use(webApp(config.WEB_DIST, logger, updatePageExists(deps)));
  app.use(errorHandler(logger));
  return app;
}
