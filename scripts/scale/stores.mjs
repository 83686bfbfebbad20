// PostgreSQL, Redis (append-only file, as k8s/ and docker-compose.yml run it) and NATS with
// JetStream of the fault suite's own: free ports, data in a temporary folder, each restartable
// on its data. Never the machine's shared stores, which other work depends on. Each is started
// by scripts/datastores.mjs (startStore): the binaries and settings `npm start` runs with.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probe, startStore } from '../datastores.mjs';
import { freePorts } from '@ballmatch/platform/testing';

const HOST = '127.0.0.1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What the suite's stores run with besides the defaults: room for every replica's pool, an AOF. */
const SETTINGS = {
  postgres: { max_connections: '300' },
  redis: { appendonly: 'yes' },
  nats: {},
};

async function waitStopped(name, port, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await probe(name, port)).ok) return;
    await sleep(100);
  }
  throw new Error(`${name} on :${port} still answers ${timeoutMs} ms after its stop`);
}

export async function startOwnStores({ log = () => {} } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-faults-stores-'));
  fs.chmodSync(root, 0o755); // the postgres user must reach its data folder
  const [postgres, redis, nats] = await freePorts(3);
  const ports = { postgres, redis, nats };
  const start = (name) =>
    startStore(name, {
      dataDir: path.join(root, '.data', name),
      port: ports[name],
      root,
      log: () => {},
      settings: SETTINGS[name],
      timeoutMs: 60_000,
    });
  const handles = {};
  for (const name of Object.keys(ports)) handles[name] = await start(name);
  log(`own stores: PostgreSQL :${postgres}, Redis :${redis}, NATS :${nats} in ${root}`);

  return {
    root,
    ports,
    env: {
      DATABASE_URL: `postgres://postgres@${HOST}:${postgres}/ballmatch`,
      REDIS_URL: `redis://${HOST}:${redis}`,
      NATS_URL: `nats://${HOST}:${nats}`,
    },
    /**
     * Restarts one store on its data: PostgreSQL stopped immediately (crash recovery on start),
     * Redis and NATS with SIGTERM. Resolves once it answers again; `downMs` it stays away.
     */
    async restart(name, { downMs = 0 } = {}) {
      const handle = handles[name];
      if (!handle) throw new Error(`no store named ${name}`);
      await handle.stop(name === 'postgres' ? 'immediate' : 'SIGTERM');
      await waitStopped(name, ports[name]);
      if (downMs) await sleep(downMs);
      handles[name] = await start(name);
    },
    async stop() {
      for (const name of ['nats', 'redis', 'postgres']) {
        await handles[name].stop().catch(() => {});
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
