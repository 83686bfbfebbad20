// Runs the scaled stack (scaled-stack.mjs), and with `ownStores` its own PostgreSQL, Redis and
// NATS (stores.mjs), in a Node process of its own, driven over stdin/stdout by a test (Jest's
// sandbox cannot load these ES modules). argv[2] is JSON `{frontPort, env, ownStores}`.
//
// stdout, one line each: `ready <json>` ({url, gateways, metrics, processNames, gameSocketUrl,
// storeEnv})
// once every process answers; then each stdin line `<id> <command> [args...]` is answered
// `<id> ok <json>` or `<id> error <message>`. Commands:
//   kill <process> [signal]      default SIGKILL; answered once the replacement is ready
//   restart <process>            graceful: out of its balancers, SIGTERM, back once ready
//   restart-store <store> [ms]   postgres | redis | nats, down for ms; answered when back
//   cut <replica> / heal <replica>   a network cut of one replica of a scaled service
//   route <session id>           {now, home}: the sessions replica its game socket reaches
//   status                       {pids, down, restarts, balancers}
// `stop`, or stdin closing, stops everything. The stack's log goes to stderr.
import readline from 'node:readline';
import { startScaledStack } from './scaled-stack.mjs';
import { startOwnStores } from './stores.mjs';

const { frontPort = 0, env = {}, ownStores = false } = JSON.parse(process.argv[2] ?? '{}');
const log = (line) => process.stderr.write(line);

const stores = ownStores ? await startOwnStores({ log: (m) => log(`[stores] ${m}\n`) }) : null;
let stack;
try {
  stack = await startScaledStack({ frontPort, env: { ...env, ...stores?.env }, log });
} catch (error) {
  log(`[runner] ${error.stack}\n`);
  await stores?.stop();
  process.exit(1);
}
const { url, gateways, metrics, processNames, gameSocketUrl } = stack;
const info = { url, gateways, metrics, processNames, gameSocketUrl, storeEnv: stores?.env ?? {} };
process.stdout.write(`ready ${JSON.stringify(info)}\n`);

const commands = {
  kill: (name, signal) => stack.kill(name, signal),
  restart: (name) => stack.restart(name),
  'restart-store': async (name, downMs) => {
    if (!stores) throw new Error('the stack runs on shared stores: start it with ownStores');
    await stores.restart(name, { downMs: Number(downMs ?? 0) });
  },
  cut: async (name) => stack.cut(name),
  heal: async (name) => stack.heal(name),
  route: async (session) => stack.route(session),
  status: async () => stack.status(),
};

let stopping;
/** Everything down, once: on `stop`, stdin closing, or a signal (the test runner going away). */
function shutdown() {
  stopping ??= (async () => {
    await stack.stop();
    await stores?.stop();
    process.exit(0);
  })();
  return stopping;
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.once(signal, shutdown);

for await (const line of readline.createInterface({ input: process.stdin })) {
  const [id, command, ...args] = line.trim().split(/\s+/);
  if (id === 'stop' || command === 'stop') break;
  const run = commands[command];
  if (!run) {
    process.stdout.write(`${id} error unknown command ${command}\n`);
    continue;
  }
  // Commands run concurrently (a kill while status is asked); each answers on its own line.
  run(...args).then(
    (result) => process.stdout.write(`${id} ok ${JSON.stringify(result ?? null)}\n`),
    (error) => process.stdout.write(`${id} error ${String(error.message).replace(/\n/g, ' ')}\n`),
  );
}
await shutdown();
