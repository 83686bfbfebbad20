import { z } from 'zod';
import {
  callerKeysEnv,
  callerKeyVariables,
  configLoader,
  LONGEST_TOKEN_LIFE_SECONDS,
  serviceEnv,
} from '@ballmatch/platform';

/** The services that call auth by their identity (docs/api.md 'Service identity'). */
export const SERVICE_CALLERS = ['gateway', 'scores'] as const;

export const envShape = {
  ...serviceEnv(50051),
  /** PEM (or base64 of PEM) of the Ed25519 key that signs session tokens. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_PUBLIC_KEY: z.string().optional(),
  JWT_DEV_KEY_DIR: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(LONGEST_TOKEN_LIFE_SECONDS)
    .default(7 * 24 * 3600),
  /**
   * The service keys of its callers: the gateway (sign-in and registration, with the client's
   * address) and scores (who owns a name).
   */
  ...callerKeysEnv(SERVICE_CALLERS),
  /** When both are set, this admin account is created (or its password updated) at start. */
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
};

export const secretNames = [
  'JWT_PRIVATE_KEY',
  'JWT_PUBLIC_KEY',
  ...callerKeyVariables(SERVICE_CALLERS),
] as const;

export const loadAuthConfig = configLoader(envShape, secretNames);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
