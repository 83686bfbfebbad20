import fs from 'node:fs';
import path from 'node:path';
import { startPayments } from './ads-payments';
import globalTeardown from './global-teardown';
import { ADMIN_USERNAME, logName, prepareStack, tail } from './isolated-stack';
import { artifactsDir, repoRoot } from './paths';
import { STACK_ENV } from './stack-info';
import type { E2eState, StackModule } from './state';

/** What the stack needs besides its processes' entries (the list names those): the build's. */
const BUILT = [
  'packages/kit/dist/index.js',
  'packages/platform/dist/testing.js',
  'web/dist/index.html',
];

function assertBuilt(files: readonly string[]): void {
  const missing = files.filter((file) => !fs.existsSync(path.join(repoRoot, file)));
  if (missing.length) {
    throw new Error(
      `run \`node scripts/build.mjs\` first (npm test does it); missing: ${missing.join(', ')}`,
    );
  }
}

/**
 * Starts an isolated stack (own ports, database, Redis prefix, signing keys) for the run, with
 * payments through the Stripe stand-in.
 */
export default async function globalSetup(): Promise<void> {
  assertBuilt(BUILT);
  // Loaded only now, after the check above, as they come from the build.
  const { STACK } = await import('@ballmatch/kit');
  assertBuilt(STACK.map((proc) => proc.entry));
  const resources = await prepareStack('e2e');
  const stackModule = path.join(repoRoot, 'scripts/stack.mjs');
  const { startStack } = (await import(stackModule)) as StackModule;

  fs.mkdirSync(artifactsDir, { recursive: true });
  const logFile = path.join(artifactsDir, 'stack.log');
  const log = fs.createWriteStream(logFile, { flags: 'w' });
  const { database, keyDir, natsPrefix, adminPassword } = resources;
  const state: E2eState = { database, keyDir, log, natsPrefix };
  globalThis.__BALLMATCH_E2E__ = state;
  try {
    const payments = await startPayments(resources.ports.gatewayPort);
    state.payments = payments.standIn;
    process.env[STACK_ENV.stripeApiBase] = payments.standIn.apiBase;
    state.stack = await startStack({
      ...resources.ports,
      env: { ...resources.env, ...payments.env },
      log: (line) => log.write(line),
    });
  } catch (error) {
    await globalTeardown();
    throw new Error(
      `the e2e stack did not start: ${(error as Error).message}\n` +
        `last lines of ${logName(logFile)}:\n${tail(logFile, 30)}`,
      { cause: error },
    );
  }

  process.env[STACK_ENV.baseUrl] = state.stack.url;
  process.env[STACK_ENV.adminUsername] = ADMIN_USERNAME;
  process.env[STACK_ENV.adminPassword] = adminPassword;
  process.env[STACK_ENV.databaseUrl] = database.url;
}
