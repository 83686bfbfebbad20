import fs from 'node:fs';

/** Stops the stack, drops its database and removes its signing keys. */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__BALLMATCH_E2E__;
  if (!state) return;
  globalThis.__BALLMATCH_E2E__ = undefined;
  try {
    await state.stack?.stop();
  } finally {
    await state.database.drop();
    fs.rmSync(state.keyDir, { recursive: true, force: true });
    await new Promise((resolve) => state.log.end(resolve));
  }
}
