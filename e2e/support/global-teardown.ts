import { releaseStack } from './isolated-stack';

/** Stops the stack, drops its database and its streams, and removes its signing keys. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__BALLMATCH_E2E__;
  if (!state) return;
  globalThis.__BALLMATCH_E2E__ = undefined;
  try {
    await state.stack?.stop();
  } finally {
    await releaseStack(state);
    await new Promise((resolve) => state.log.end(resolve));
  }
}
