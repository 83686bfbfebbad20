import type { KeyObject } from 'node:crypto';
import type { AsyncClient, Logger, Redis, SessionClaims } from '@ballmatch/platform';
import type { authV1 } from '@ballmatch/proto';
import type { scoresV1 } from '@ballmatch/proto';
import type { sessionsV1 } from '@ballmatch/proto';
import type { GatewayConfig } from './config';
import type { SessionCookies } from './middleware/session';
import type { RealtimeProxy } from './realtime-proxy';

/** What routes and middleware need, built once by the composition root. */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  redis: Redis;
  publicKey: KeyObject;
  auth: AsyncClient<authV1.AuthServiceClient>;
  sessions: AsyncClient<sessionsV1.SessionServiceClient>;
  scores: AsyncClient<scoresV1.ScoreServiceClient>;
  cookies: SessionCookies;
  /** /ws to the realtime service (plain HTTP here; the server's 'upgrade' event too). */
  realtime: RealtimeProxy;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified, unrevoked session, when the request carries one. */
    session?: SessionClaims & { token: string };
  }
}
