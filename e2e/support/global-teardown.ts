import { releaseStack } from './isolated-stack';

/**
 * Stops the stack and the Stripe stand-in, drops the database and the streams, and removes the
 * signing keys.
 */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__BALLMATCH_E2E__;
  if (!state) return;
  globalThis.__BALLMATCH_E2E__ = undefined;
  try {
    await state.stack?.stop();
  } finally {
    await state.payments?.close();
    await releaseStack(state);
    await new Promise((resolve) => state.log.end(resolve));
  }
}
