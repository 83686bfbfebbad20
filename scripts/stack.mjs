// The local stack: every service and the gateway as child processes on Node 24, supervised
// (a process that dies is restarted), logs prefixed by name. Used by `npm start` and by the
// browser tests, which run their own isolated copy on other ports.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callEnv, DEFAULT_PORTS, readyCheck, STACK } from '@ballmatch/kit';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * One entry per process of the list (@ballmatch/kit's STACK), in start order, with the settings
 * the local stack adds; `ready` says when the next may start. `ports`: DEFAULT_PORTS' names,
 * any left out taking their default.
 */
export function processes(given) {
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

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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

async function waitReady(check, deadlineMs) {
  const until = Date.now() + deadlineMs;
  const { checkGrpcHealth } = await import(
    path.join(root, 'packages/platform/dist/grpc/health.js')
  );
  while (Date.now() < until) {
    try {
      if (check.http) {
        const res = await fetch(check.http);
        if (res.ok) return;
      } else if ((await checkGrpcHealth(check.grpc, check.service, 500)) === 'SERVING') {
        return;
      }
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`not ready after ${deadlineMs} ms: ${check.http ?? check.grpc}`);
}

/**
 * Starts every process with `env` on top of the parent's environment. Resolves once all
 * answer their health checks. `stop()` sends SIGTERM to each (they drain and exit 0).
 */

/**
 * Starts one process of the stack from its built entry, its output line by line through `log`
 * with its name in front. In its own process group: a terminal's Ctrl-C reaches only the
 * script that started it, which then stops the children in order (gateway first).
 */
export function spawnLogged(proc, env, log) {
  const child = spawn(process.execPath, [path.join(root, proc.entry)], {
    cwd: root,
    env: { ...process.env, ...env, ...proc.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${proc.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffer = '';
    stream.on('data', (chunk) => {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop();
      for (const line of lines) log(prefix + line + '\n');
    });
  }
  return child;
}

/**
 * `ports` (DEFAULT_PORTS' names: gatewayPort, authPort, ...) default to DEFAULT_PORTS.
 */
export async function startStack({
  env = {},
  log = (line) => process.stdout.write(line),
  ...ports
} = {}) {
  const running = new Map();
  let stopping = false;

  function launch(proc) {
    const child = spawnLogged(proc, env, log);
    const prefix = `[${proc.name}] `;
    child.on('exit', (code, signal) => {
      running.delete(proc.name);
      if (stopping) return;
      log(`${prefix}exited (${signal ?? code}); restarting in 1 s\n`);
      setTimeout(() => !stopping && running.set(proc.name, launch(proc)), 1000);
    });
    return child;
  }

  const all = processes(ports);
  const gatewayPort = ports.gatewayPort ?? DEFAULT_PORTS.gatewayPort;
  // If this script dies without stopping them, take the children along.
  process.once('exit', () => {
    for (const child of running.values()) child.kill('SIGTERM');
  });
  await assertPortsFree(all);
  try {
    for (const proc of all) {
      running.set(proc.name, launch(proc));
      await waitReady(proc.ready, 60_000);
    }
  } catch (error) {
    stopping = true;
    for (const child of running.values()) child.kill('SIGTERM');
    throw error;
  }

  return {
    url: `http://localhost:${gatewayPort}`,
    pids: () => Object.fromEntries([...running].map(([name, child]) => [name, child.pid])),
    /**
     * Restarts one process as a deploy would: SIGTERM (it drains and exits), then the supervisor
     * starts it again; resolves once the new one answers its health check. `signal: 'SIGKILL'`
     * is a crash instead: the process ends at once, with nothing drained or flushed.
     */
    async restart(name, { signal = 'SIGTERM' } = {}) {
      const proc = all.find((p) => p.name === name);
      const child = running.get(name);
      if (!proc || !child) throw new Error(`no running process named ${name}`);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      await waitReady(proc.ready, 60_000);
    },
    async stop() {
      stopping = true;
      // The gateway first, so no request reaches a stopped service; then the services.
      for (const proc of [...all].reverse()) {
        const child = running.get(proc.name);
        if (!child) continue;
        let timer;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
        clearTimeout(timer);
      }
    },
  };
}
