import { z } from 'zod';
import {
  configLoader,
  LONGEST_TOKEN_LIFE_SECONDS,
  serviceEnv,
  serviceSecrets,
} from '@ballmatch/platform';

/**
 * The services that call auth by their identity (docs/api.md 'Service identity'): the gateway
 * (sign-in and registration, with the client's address) and scores (every account's name, for
 * its own copy of them).
 */
export const SERVICE_CALLERS = ['gateway', 'scores'] as const;

export const envShape = {
  /** JWT_PUBLIC_KEY: while the signing key is rotated, the others' public keys. */
  ...serviceEnv(50051, SERVICE_CALLERS),
  /** PEM (or base64 of PEM) of the Ed25519 key that signs session tokens. */
  JWT_PRIVATE_KEY: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(LONGEST_TOKEN_LIFE_SECONDS)
    .default(7 * 24 * 3600),
  /** When both are set, this admin account is created (or its password updated) at start. */
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
};

export const secretNames = [...serviceSecrets(SERVICE_CALLERS), 'JWT_PRIVATE_KEY' as const];

export const loadAuthConfig = configLoader(envShape, secretNames);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
