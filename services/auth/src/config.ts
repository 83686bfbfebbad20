import { z } from 'zod';
import {
  commonEnv,
  databaseEnv,
  grpcServerEnv,
  loadConfig,
  LONGEST_TOKEN_LIFE_SECONDS,
  natsEnv,
  redisEnv,
} from '@ballmatch/platform';

export const envShape = {
  ...commonEnv,
  ...grpcServerEnv(50051),
  ...databaseEnv,
  ...redisEnv,
  ...natsEnv,
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
  /** When both are set, this admin account is created (or its password updated) at start. */
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
};

export const secretNames = ['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'];

export type AuthConfig = ReturnType<typeof loadAuthConfig>;

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(envShape, { env, secrets: ['JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'] });
}
