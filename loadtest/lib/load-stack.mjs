// The whole stack for a load test: every process on free ports, with the run's own database,
// Redis prefix, NATS prefix and signing key, and the per-address limits lifted (one load
// generator sends everything from one address). Logs go to loadtest/results/<name>-stack.log.
// `tree` is the checkout whose built code runs (default: this one); a baseline run gives
// another tree (loadtest/lib/baseline-tree.mjs), started by that tree's own scripts/stack.mjs.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDatastores } from '../../scripts/datastores.mjs';
import { root } from '../../scripts/stack.mjs';
import { freePorts } from '@ballmatch/platform/testing';
import { PORT_NAMES, portsFrom } from '@ballmatch/kit';

/** The harness's results, whichever tree's code runs. */
export const resultsDir = path.join(root, 'loadtest/results');

/**
 * Exits (status 1) unless each of `files` (built code, e.g. 'gateway/dist/index.js') is in
 * `tree`: the stack runs the built code.
 */
export function requireBuilt(files, tree = root) {
  for (const file of files) {
    if (!fs.existsSync(path.join(tree, file))) {
      const where = tree === root ? '' : ` in ${tree}`;
      console.error(
        `missing ${path.join(tree, file)}: run \`node scripts/build.mjs\`${where} first`,
      );
      process.exit(1);
    }
  }
}

/** A module of `tree`'s own scripts (a tree's scripts know how its processes start). */
export const treeScript = (tree, file) =>
  import(pathToFileURL(path.join(tree, 'scripts', file)).href);

/**
 * `env` goes over the defaults (the run's own stores: DATABASE_URL, REDIS_URL, NATS_URL; then
 * the machine's shared ones are not needed); `gatewayPort` when the caller had to know it first.
 */
export async function startLoadStack({
  name,
  database,
  env = {},
  log,
  gatewayPort: given,
  tree = root,
}) {
  if (!env.DATABASE_URL) await ensureDatastores({ log: () => {} });
  const { startStack, processes } = await treeScript(tree, 'stack.mjs');
  const free = portsFrom(await freePorts(PORT_NAMES.length));
  const ports = { ...free, gatewayPort: given ?? free.gatewayPort };
  const { gatewayPort } = ports;
  const runId = randomBytes(4).toString('hex');
  const redisPrefix = `lt:${runId}:`;
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-lt-keys-'));
  fs.mkdirSync(resultsDir, { recursive: true });
  const stackLog = fs.createWriteStream(path.join(resultsDir, `${name}-stack.log`));
  log(`starting the stack (gateway :${gatewayPort}, database ${database})`);
  const stack = await startStack({
    ...ports,
    env: {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}`,
      REDIS_KEY_PREFIX: redisPrefix,
      NATS_SUBJECT_PREFIX: `lt_${runId}.`,
      JWT_DEV_KEY_DIR: keyDir,
      AD_CLIENT_KEY_SECRET: randomBytes(32).toString('base64url'),
      RATE_LIMIT_API_PER_MINUTE: '1000000000',
      RATE_LIMIT_ADS_PER_MINUTE: '1000000000',
      RANKED_STARTS_PER_HOUR_PER_ADDRESS: '100000',
      GAME_WS_MAX_CONNECTIONS_PER_IP: '100000',
      ADS_FREQUENCY_CAPS: 'off',
      ...env,
    },
    log: (line) => stackLog.write(line),
  });
  // The sessions service's own game socket, when this tree's stack gives it a port.
  const sessionsProcess = processes?.(ports).find((p) => p.name === 'sessions');
  const directPort = sessionsProcess?.env.GAME_WS_PORT;
  return {
    base: `http://127.0.0.1:${gatewayPort}`,
    /** The game socket's URL by path: through the gateway, or straight to sessions (or null). */
    gameSockets: {
      gateway: `ws://127.0.0.1:${gatewayPort}/ws/game`,
      direct: directPort ? `ws://127.0.0.1:${directPort}/ws/game` : null,
    },
    redisPrefix,
    /** {name: pid} of the stack's processes now (a restarted one has a new pid). */
    pids: () => stack.pids(),
    /** Stack process name by pid, for the CPU meter. */
    names: Object.fromEntries(Object.entries(stack.pids()).map(([n, pid]) => [pid, n])),
    async stop() {
      await stack.stop();
      stackLog.end();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}
