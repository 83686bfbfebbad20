import { commonEnv, databaseEnv, grpcServerEnv, loadConfig, natsEnv } from '@ballmatch/platform';

export const envShape = {
  ...commonEnv,
  ...grpcServerEnv(50053),
  ...databaseEnv,
  ...natsEnv,
};

/** Nothing secret of its own: the database URL may carry a password but has a local default. */
export const secretNames: string[] = [];

export type SessionsConfig = ReturnType<typeof loadSessionsConfig>;

export function loadSessionsConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(envShape, { env });
}
