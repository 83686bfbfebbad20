import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A PostgreSQL, Redis or NATS of a test's own (on a port and data of its own, stopped and
 * started again at will), never the machine's shared one. How a store is started has one home,
 * scripts/datastores.mjs (startStore: the binaries and settings `npm start` runs with); it is an
 * ES module Jest cannot load, so this runs its command line (`start`/`stop <store> …`).
 */

const script = path.join(__dirname, '../../../scripts/datastores.mjs');
const run = promisify(execFile);

export type StoreName = 'postgres' | 'redis' | 'nats';

export interface StoreOptions {
  /** Its data, kept across a stop: started again, the store goes on from what it saved. */
  dataDir: string;
  port: number;
  /** Over the store's own: PostgreSQL's `-c name=value`, Redis's and NATS's `--name value`. */
  settings?: Record<string, string>;
}

export interface StoreHandle {
  name: StoreName;
  port: number;
  dataDir: string;
  /**
   * Stops it (PostgreSQL's shutdown mode, default 'fast'; the others' signal, default SIGTERM)
   * and resolves once it has exited; nothing to do when it does not run.
   */
  stop(how?: string): Promise<void>;
  /** Starts it again on its port and data; resolves once it answers. */
  start(): Promise<void>;
}

/** Starts store `name` as scripts/datastores.mjs does; resolves once it answers, with its handle. */
export async function startStore(
  name: StoreName,
  { dataDir, port, settings = {} }: StoreOptions,
): Promise<StoreHandle> {
  const datastores = async (...args: string[]) => {
    await run(process.execPath, [script, ...args]);
  };
  const start = () => datastores('start', name, String(port), dataDir, JSON.stringify(settings));
  await start();
  return {
    name,
    port,
    dataDir,
    start,
    stop: (how) => datastores('stop', name, dataDir, ...(how ? [how] : [])),
  };
}

export interface NatsClusterOptions {
  /** Each server's data goes in a folder of its own under it (n0, n1, …). */
  dataDir: string;
  /** The cluster's name (servers of two tests never join one another's). */
  name: string;
  /** One a server: the clients' ports, the cluster routes' ports, and (optional) monitoring's. */
  clientPorts: number[];
  routePorts: number[];
  monitorPorts?: number[];
}

export interface NatsCluster {
  servers: StoreHandle[];
  /** Every server's client address, comma-separated, as NATS_URL takes them. */
  url: string;
  /** Kills every server (a test's cluster keeps nothing worth a clean stop). */
  stop(): Promise<void>;
}

/** A JetStream cluster of a test's own, one server per client port, every route known to all. */
export async function startNatsCluster(options: NatsClusterOptions): Promise<NatsCluster> {
  const { dataDir, name, clientPorts, routePorts, monitorPorts } = options;
  const routes = routePorts.map((p) => `nats://127.0.0.1:${p}`).join(',');
  const servers = await Promise.all(
    clientPorts.map((port, i) =>
      startStore('nats', {
        dataDir: path.join(dataDir, `n${i}`),
        port,
        settings: {
          name: `n${i}`,
          cluster_name: name,
          cluster: `nats://127.0.0.1:${routePorts[i]}`,
          routes,
          ...(monitorPorts ? { http_port: String(monitorPorts[i]) } : {}),
        },
      }),
    ),
  );
  return {
    servers,
    url: clientPorts.map((p) => `nats://127.0.0.1:${p}`).join(','),
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    },
  };
}
