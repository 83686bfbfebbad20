/**
 * What globalSetup tells the journeys about the stack it started. Jest starts its workers
 * after globalSetup, so they inherit these variables (and in-band runs share the process).
 */
export const STACK_ENV = {
  baseUrl: 'BALLMATCH_E2E_BASE_URL',
  adminUsername: 'BALLMATCH_E2E_ADMIN_USERNAME',
  adminPassword: 'BALLMATCH_E2E_ADMIN_PASSWORD',
  /** The run's own database, for journeys that set up data no API makes (e.g. past weeks). */
  databaseUrl: 'BALLMATCH_E2E_DATABASE_URL',
  /** The Stripe stand-in's address, where journeys route its hosted page (support/ads-payments.ts). */
  stripeApiBase: 'BALLMATCH_E2E_STRIPE_API_BASE',
} as const;

export interface StackInfo {
  baseUrl: string;
  admin: { username: string; password: string };
}

export function stackInfo(): StackInfo {
  const read = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the journeys with -c e2e/jest.config.js`);
    return value;
  };
  return {
    baseUrl: read(STACK_ENV.baseUrl),
    admin: {
      username: read(STACK_ENV.adminUsername),
      password: read(STACK_ENV.adminPassword),
    },
  };
}

/** The run's database URL (services keep their tables in their own schema of it). */
export function stackDatabaseUrl(): string {
  const url = process.env[STACK_ENV.databaseUrl];
  if (!url) throw new Error(`${STACK_ENV.databaseUrl} is not set: run with -c e2e/jest.config.js`);
  return url;
}
