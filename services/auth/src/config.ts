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
  /**
   * The mail server of 'Forgot password?' (nodemailer over SMTP). Without SMTP_HOST password
   * reset is not available: asking for a link answers 503 'Password reset is not available'.
   * Port 465 speaks TLS from the start; any other, STARTTLS when the server offers it.
   */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(587),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  SMTP_FROM: z.string().default('BallMatch <no-reply@ballmatch.example>'),
  /** The site's address (the first of a comma list), for the links mailed to players. */
  PUBLIC_ORIGIN: z.string().default('http://localhost:8080'),
};

export const secretNames = [...serviceSecrets(SERVICE_CALLERS), 'JWT_PRIVATE_KEY' as const];

export const loadAuthConfig = configLoader(envShape, secretNames);
export type AuthConfig = ReturnType<typeof loadAuthConfig>;
