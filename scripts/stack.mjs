// The local stack: every service and the gateway as child processes on Node 24, supervised
// (a process that dies is restarted), logs prefixed by name. Used by `npm start` and by the
// browser tests, which run their own isolated copy on other ports.
import net from 'node:net';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createSupervisor } from './supervisor.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Workspace packages by name, loaded when first used: they come from the build, and
// build.mjs, test.mjs and start.mjs import this module before building.
const require = createRequire(import.meta.url);
/** @returns {typeof import('@ballmatch/kit')} */
const kit = () => require('@ballmatch/kit');

/**
 * One entry per process of the list (@ballmatch/kit's STACK), in start order, with the settings
 * the local stack adds; `ready` says when the next may start. `ports`: DEFAULT_PORTS' names,
 * any left out taking their default.
 */
export function processes(given) {
  const { callEnv, DEFAULT_PORTS, readyCheck, STACK } = kit();
  const ports = { ...DEFAULT_PORTS, ...given };
  const own = {
    // Reached only through the gateway, which sets X-Forwarded-For: trust that one hop.
    sessions: { GAME_WS_PORT: String(ports.sessionsWsPort), TRUST_PROXY: '1' },
    // Payments stay off unless STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) are in the
    // environment; Checkout sends buyers back to this gateway.
    ads: { PUBLIC_URL: `http://localhost:${ports.gatewayPort}` },
    realtime: { TRUST_PROXY: '1' },
  };
  return STACK.map((proc) => {
    const port = String(ports[`${proc.name}Port`]);
    const listen = proc.grpcService
      ? { GRPC_HOST: '127.0.0.1', GRPC_PORT: port }
      : { HOST: proc.name === 'gateway' ? '0.0.0.0' : '127.0.0.1', PORT: port };
    return {
      name: proc.name,
      entry: proc.entry,
      env: { ...listen, ...own[proc.name], ...callEnv(proc.name, ports) },
      ready: readyCheck(proc.name, ports),
    };
  });
}

/** Refuses to start over another process: a supervised child would only crash-loop on it. */
async function assertPortsFree(all) {
  for (const proc of all) {
    for (const port of [proc.env.GRPC_PORT ?? proc.env.PORT, proc.env.GAME_WS_PORT]) {
      if (port !== undefined) await assertPortFree(proc.name, Number(port));
    }
  }
}

async function assertPortFree(name, port) {
  const free = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) {
    throw new Error(
      `port ${port} for ${name} is already in use: is BallMatch already running? Stop it first.`,
    );
  }
}

/**
 * Starts every process with `env` on top of the parent's environment, one after another, each
 * once the one before answers its health check, under the one supervisor (supervisor.mjs: a
 * process that dies is started again). `ports` (DEFAULT_PORTS' names: gatewayPort, authPort,
 * ...) default to DEFAULT_PORTS. `stop()` sends SIGTERM to each, the gateway first (they drain
 * and exit 0).
 */
export async function startStack({
  env = {},
  log = (line) => process.stdout.write(line),
  ...ports
} = {}) {
  const all = processes(ports);
  const gatewayPort = ports.gatewayPort ?? kit().DEFAULT_PORTS.gatewayPort;
  await assertPortsFree(all);
  const supervisor = createSupervisor({ procs: all, env, log });
  try {
    for (const proc of all) await supervisor.start([proc.name]);
  } catch (error) {
    await supervisor.stop();
    throw error;
  }
  return {
    url: `http://localhost:${gatewayPort}`,
    pids: supervisor.pids,
    /**
     * Restarts one process as a deploy would: SIGTERM (it drains and exits), then the supervisor
     * starts it again; resolves once the new one answers its health check. `signal: 'SIGKILL'`
     * is a crash instead: the process ends at once, with nothing drained or flushed.
     */
    restart: (name, { signal = 'SIGTERM' } = {}) => supervisor.kill(name, signal),
    stop: supervisor.stop,
  };
}
