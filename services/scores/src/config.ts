import { z } from 'zod';
import {
  commonEnv,
  databaseEnv,
  grpcServerEnv,
  jwtPublicEnv,
  loadConfig,
  natsEnv,
  redisEnv,
  servicePrivateKeyEnv,
} from '@ballmatch/platform';

export const envShape = {
  ...commonEnv,
  ...grpcServerEnv(50052),
  ...databaseEnv,
  ...redisEnv,
  ...natsEnv,
  /** Admin calls carry the caller's session token; this service verifies it itself. */
  ...jwtPublicEnv,
  /** Signs its calls to sessions (the scoring read) and auth (who owns a name). */
  ...servicePrivateKeyEnv,
  /**
   * gRPC address of auth (who owns a player name, asked at submissions and bans); in
   * Kubernetes `dns:///auth:50051`.
   */
  AUTH_ADDR: z.string().default('127.0.0.1:50051'),
  /** gRPC address of sessions (the seeds of games); in Kubernetes `dns:///sessions:50053`. */
  SESSIONS_ADDR: z.string().default('127.0.0.1:50053'),
  /**
   * 'off' keeps events in the outbox without publishing them (a replica that must not publish,
   * or the fault test of a crash between commit and publish).
   */
  OUTBOX_RELAY: z.enum(['on', 'off']).default('on'),
  /** How long a top-N read is served from this process's memory before asking Redis again. */
  TOP_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /**
   * How long this process reuses auth's answer to who owns a player name (0: ask at every
   * submission). Auth's user.named and user.deleted events make it forget a name at once;
   * this bounds a stale answer when such an event is missed (domain/name-owners.ts).
   */
  NAME_OWNER_CACHE_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /** PostgreSQL connections of this process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
};

export const secretNames = ['JWT_PUBLIC_KEY', 'SERVICE_PRIVATE_KEY'] as const;

export type ScoresConfig = ReturnType<typeof loadScoresConfig>;

export function loadScoresConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(envShape, { env, secrets: [...secretNames] });
}
