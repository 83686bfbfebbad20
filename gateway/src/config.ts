import path from 'node:path';
import { z } from 'zod';
import {
  commonEnv,
  jwtPublicEnv,
  loadConfig,
  portEnv,
  redisEnv,
  servicePrivateKeyEnv,
} from '@ballmatch/platform';

export const envShape = {
  ...commonEnv,
  ...redisEnv,
  ...jwtPublicEnv,
  /** Signs every call to the services: the gateway's identity (its word on the client's address). */
  ...servicePrivateKeyEnv,
  /**
   * The key of the HMAC that turns a browser's address into the client key stored with each ad
   * offer (client-key.ts): the same on every replica. Unset in development: .data/keys' own.
   */
  AD_CLIENT_KEY_SECRET: z
    .string()
    .min(32, 'at least 32 characters, e.g. `openssl rand -base64 32`')
    .optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: portEnv(8080),
  /** gRPC address of auth; in Kubernetes `dns:///auth:50051` (headless Service, round_robin). */
  AUTH_ADDR: z.string().default('127.0.0.1:50051'),
  /** gRPC address of sessions; in Kubernetes `dns:///sessions:50053`. */
  SESSIONS_ADDR: z.string().default('127.0.0.1:50053'),
  /** gRPC address of scores; in Kubernetes `dns:///scores:50052`. */
  SCORES_ADDR: z.string().default('127.0.0.1:50052'),
  /** gRPC address of ads; in Kubernetes `dns:///ads:50054`. */
  ADS_ADDR: z.string().default('127.0.0.1:50054'),
  /** gRPC address of content (updates and feedback); in Kubernetes `dns:///content:50055`. */
  CONTENT_ADDR: z.string().default('127.0.0.1:50055'),
  /** How long this gateway reuses a hot board read (top-N, week and season lists); 0 = off. */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** The realtime service (HTTP/WebSocket); /ws is proxied to it. */
  REALTIME_URL: z.string().url().default('http://127.0.0.1:8090'),
  /** The sessions service's game socket (HTTP/WebSocket, its GAME_WS_PORT); /ws/game is proxied to it. */
  SESSIONS_WS_URL: z.string().url().default('http://127.0.0.1:8091'),
  /** Origins allowed to make mutating requests, comma-separated (the request's own host always is). */
  PUBLIC_ORIGIN: z.string().default('http://localhost:8080'),
  /** Proxy hops in front of the gateway whose X-Forwarded-For is trusted (1 behind an ingress). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  WEB_DIST: z.string().default(path.resolve(__dirname, '../../web/dist')),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  JSON_BODY_LIMIT: z.string().default('100kb'),
  /** Requests per minute per client IP, across every gateway replica (kept in Redis). */
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  /** Sign-in and registration attempts per minute per client IP. */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Ad impressions and clicks per minute per client IP (a game shows a few faces and a banner). */
  RATE_LIMIT_ADS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
};

export const secretNames = [
  'JWT_PUBLIC_KEY',
  'AD_CLIENT_KEY_SECRET',
  'SERVICE_PRIVATE_KEY',
] as const;

export type GatewayConfig = ReturnType<typeof loadGatewayConfig>;

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(envShape, { env, secrets: [...secretNames] });
}
