import { z } from 'zod';
import { commonEnv, configLoader, jwtPublicEnv, natsEnv, portEnv } from '@ballmatch/platform';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const envShape = {
  ...commonEnv,
  ...natsEnv,
  HOST: z.string().default('0.0.0.0'),
  PORT: portEnv(8090),
  /**
   * Proxy hops in front of this service whose X-Forwarded-For is trusted. Behind the gateway
   * (the only way in, in every deployment) this is 1: the gateway sets the header to the client
   * address it saw, and nothing earlier in the header is believed.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Open sockets per client IP on this replica; one more is refused with 429. */
  MAX_CONNECTIONS_PER_IP: positiveInt(50),
  /** Largest client frame accepted; a bigger one closes that socket with 1009. */
  MAX_MESSAGE_BYTES: positiveInt(4096),
  /** A socket whose unsent bytes pass this is a slow consumer and is dropped. */
  MAX_BUFFERED_BYTES: positiveInt(1024 * 1024),
  /** Server ping interval; a socket that has not answered the previous ping is dropped. */
  HEARTBEAT_INTERVAL_MS: positiveInt(30_000),
  /**
   * Under a stream of updates, flushes to the sockets are at least this far apart, each
   * writing every update queued since the last: one write per socket instead of one per
   * update. A lone update is written at once. 0 writes every update on its own.
   */
  BATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(1000).default(100),
  /** How many recent event ids are remembered to drop redeliveries and duplicate publishes. */
  DEDUPE_CAPACITY: positiveInt(10_000),
  /** On shutdown, how long clients get to answer the 1012 close before they are cut. */
  CLOSE_GRACE_MS: positiveInt(3_000),
  /**
   * Auth's public key: a socket whose handshake carries a valid session cookie is that
   * player's, and hears their own channel ('achievements').
   */
  ...jwtPublicEnv,
};

/** Only the public key that verifies session tokens; the service reads no database. */
export const secretNames = ['JWT_PUBLIC_KEY'] as const;

export const loadRealtimeConfig = configLoader(envShape, secretNames);
export type RealtimeConfig = ReturnType<typeof loadRealtimeConfig>;
