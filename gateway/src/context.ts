import type { Logger, PublicKeys, Redis, SessionClaims } from '@ballmatch/platform';
import type { ClientKey } from './client-key';
import type { ServiceClients } from './clients';
import type { GatewayConfig } from './config';
import type { LineDestination } from './log-destination';
import type { SessionCookies } from './middleware/session';
import type { SocketProxy } from './socket-proxy';

/** What routes and middleware need, built once by the composition root. */
export interface GatewayDeps extends ServiceClients {
  config: GatewayConfig;
  logger: Logger;
  /** Where `logger` writes, for lines made without it (request-line.ts); absent in some tests. */
  logLines?: LineDestination;
  redis: Redis;
  /** Auth's public keys (two while the signing key is rotated). */
  publicKey: PublicKeys;
  cookies: SessionCookies;
  /** The browser's key for the ads service (client-key.ts), keyed with this deployment's secret. */
  clientKey: ClientKey;
  /** /ws to realtime, /ws/game to sessions (plain HTTP here; the server's 'upgrade' event too). */
  sockets: SocketProxy;
  /**
   * The clock the rate limits count minutes on and the read cache's entries live on (ms since
   * the epoch): `Date.now` or a test's.
   */
  now: () => number;
}

declare module 'express-serve-static-core' {
  interface Request {
    /** The verified, unrevoked session, when the request carries one. */
    session?: SessionClaims & { token: string };
  }
}
