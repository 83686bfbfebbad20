import fs from 'node:fs';
import path from 'node:path';
import { podman } from './podman';

/**
 * Keeps each container's log (in the run's log folder, named at the start), removes the
 * containers, stops the run's Redis and NATS, drops its database and deletes its folder but for
 * the logs.
 */
export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__BALLMATCH_IMAGES__;
  if (!state) return;
  globalThis.__BALLMATCH_IMAGES__ = undefined;
  for (const name of state.containers.reverse()) {
    try {
      fs.writeFileSync(path.join(state.logDir, `${name}.log`), podman(['logs', name]));
    } catch {
      // no log to keep
    }
    try {
      podman(['rm', '--force', '--time', '30', name]);
    } catch (error) {
      process.stderr.write(`images: could not remove ${name}: ${(error as Error).message}\n`);
    }
  }
  for (const store of state.stores.reverse()) await store.stop();
  await state.dropDatabase?.();
  for (const dir of state.dirs) {
    for (const entry of fs.readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (full !== state.logDir) fs.rmSync(full, { recursive: true, force: true });
    }
  }
  process.stdout.write(`images: container logs in ${state.logDir}\n`);
}
