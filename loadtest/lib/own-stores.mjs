// PostgreSQL, Redis and NATS (JetStream) of the run's own, on free ports with their data in a
// temporary folder: the machine's shared stores serve other people's work too, so their CPU
// time would not be this run's. Started and stopped with scripts/datastores.mjs (the way
// `npm start` starts the machine's own), so the settings are the project's defaults: those of
// `tree`, the checkout whose code the run measures (default: this one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPid } from '../../scripts/datastores.mjs';
import { root as thisTree } from '../../scripts/stack.mjs';
import { treeScript } from './load-stack.mjs';
import { freePorts } from '@ballmatch/platform/testing';

/** Starts the three stores; `urls` for the stack's environment, `pids()` for the CPU meter. */
export async function startOwnStores({ log, tree = thisTree }) {
  const { ensureDatastores, stopStartedDatastores } = await treeScript(tree, 'datastores.mjs');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-load-stores-'));
  // As root, PostgreSQL runs as the `postgres` user, which must reach its data folder.
  fs.chmodSync(root, 0o755);
  const [postgres, redis, nats] = await freePorts(3);
  log(`starting the run's own stores (PostgreSQL :${postgres}, Redis :${redis}, NATS :${nats})`);
  await ensureDatastores({ root, ports: { postgres, redis, nats }, log: () => {} });
  const data = (name) => path.join(root, '.data', name);
  const pids = () => ({
    postgres: readPid(path.join(data('postgres'), 'postmaster.pid')),
    redis: readPid(path.join(data('redis'), 'redis.pid')),
    nats: readPid(path.join(data('nats'), 'nats.pid')),
  });
  // A tree whose datastores script ignored the ports would have measured the shared stores.
  const missing = Object.entries(pids()).filter(([, pid]) => !pid);
  if (missing.length > 0) {
    await stopStartedDatastores({ log: () => {} });
    fs.rmSync(root, { recursive: true, force: true });
    throw new Error(
      `${path.join(tree, 'scripts/datastores.mjs')} did not start ` +
        `${missing.map(([name]) => name).join(', ')} of the run's own in ${root}`,
    );
  }
  return {
    ports: { postgres, redis, nats },
    env: {
      DATABASE_URL: `postgres://postgres@127.0.0.1:${postgres}/ballmatch`,
      REDIS_URL: `redis://127.0.0.1:${redis}`,
      NATS_URL: `nats://127.0.0.1:${nats}`,
    },
    adminDatabaseUrl: `postgres://postgres@127.0.0.1:${postgres}/postgres`,
    /** The stores' main processes (PostgreSQL's backends are found as its children). */
    pids,
    async stop() {
      await stopStartedDatastores({ log: () => {} });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
