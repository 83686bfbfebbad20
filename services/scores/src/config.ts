import { z } from 'zod';
import {
  configLoader,
  dbPoolEnv,
  serviceEnv,
  servicePrivateKeyEnv,
  serviceSecrets,
} from '@ballmatch/platform';

/**
 * Whose service keys this service holds: sessions', to check the game results it signs
 * (platform's game-result.ts). Sessions does not call it: the results come with submissions.
 */
export const RESULT_SIGNERS = ['sessions'] as const;

export const envShape = {
  /**
   * Admin calls carry the caller's session token (this service verifies it itself);
   * SESSIONS_SERVICE_PUBLIC_KEY checks the game results sessions signs.
   */
  ...serviceEnv(50052, RESULT_SIGNERS),
  /** Signs its calls to sessions (the scoring read) and auth (the names of accounts). */
  ...servicePrivateKeyEnv,
  /**
   * gRPC address of auth (every account's name, read once to fill this service's table of
   * them); in Kubernetes `dns:///auth:50051`.
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
  ...dbPoolEnv,
};

export const secretNames = [...serviceSecrets(RESULT_SIGNERS), 'SERVICE_PRIVATE_KEY' as const];

export const loadScoresConfig = configLoader(envShape, secretNames);
export type ScoresConfig = ReturnType<typeof loadScoresConfig>;
