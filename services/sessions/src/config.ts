import {
  commonEnv,
  databaseEnv,
  grpcServerEnv,
  jwtPublicEnv,
  loadConfig,
  natsEnv,
  redisEnv,
} from '@ballmatch/platform';

export const envShape = {
  ...commonEnv,
  ...grpcServerEnv(50053),
  ...databaseEnv,
  ...natsEnv,
  /** Callers are checked against the logout deny-list in Redis. */
  ...redisEnv,
  /** Verifies the callers' session tokens. */
  ...jwtPublicEnv,
};

export const secretNames = ['JWT_PUBLIC_KEY'] as const;

export type SessionsConfig = ReturnType<typeof loadSessionsConfig>;

export function loadSessionsConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(envShape, { env, secrets: [...secretNames] });
}
