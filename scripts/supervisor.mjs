// The one supervisor of the stack's Node processes, for scripts/stack.mjs (npm start, e2e, load
// tests) and the scaled stack (scale/scaled-stack.mjs: the scale-out journey, the fault suite):
// each in its own process group, its output prefixed by its name, started again when it dies;
// one can be killed or restarted and waited for until its replacement answers its health check.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Loaded when first used: it comes from the build, which may follow this module's import.
const require = createRequire(import.meta.url);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const RESTART_DELAY_MS = 500;

/**
 * Resolves once `check` answers, or throws after `deadlineMs`: {http, status?} (a 2xx, or that
 * status), {grpc, service}, or a list of them (each in turn: a process with two ports).
 */
export async function waitReady(check, deadlineMs = 60_000) {
  if (Array.isArray(check)) {
    for (const one of check) await waitReady(one, deadlineMs);
    return;
  }
  const { checkGrpcHealth } = require('@ballmatch/platform');
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      if (check.http) {
        const res = await fetch(check.http, { signal: AbortSignal.timeout(1000) });
        await res.arrayBuffer();
        if (check.status ? res.status === check.status : res.ok) return;
      } else if ((await checkGrpcHealth(check.grpc, check.service, 500)) === 'SERVING') {
        return;
      }
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  throw new Error(`not ready after ${deadlineMs} ms: ${check.http ?? check.grpc}`);
}

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
 * `procs`: [{name, entry, env, ready}]. `start(group)` launches those named (all when omitted)
 * together and waits for each to be ready.
 */
export function createSupervisor({ procs, env = {}, log = (line) => process.stdout.write(line) }) {
  const running = new Map();
  /** Replacements started after an unexpected exit, per process name. */
  const restarts = new Map();
  let stopping = false;

  function launch(proc) {
    const child = spawnLogged(proc, env, log);
    const prefix = `[${proc.name}] `;
    child.on('exit', (code, signal) => {
      if (running.get(proc.name) === child) running.delete(proc.name);
      if (stopping) return;
      log(`${prefix}exited (${signal ?? code}); restarting\n`);
      restarts.set(proc.name, (restarts.get(proc.name) ?? 0) + 1);
      setTimeout(() => {
        if (!stopping && !running.has(proc.name)) running.set(proc.name, launch(proc));
      }, RESTART_DELAY_MS);
    });
    return child;
  }

  const byName = (name) => {
    const proc = procs.find((p) => p.name === name);
    if (!proc) throw new Error(`no process named ${name}`);
    return proc;
  };

  process.once('exit', () => {
    for (const child of running.values()) child.kill('SIGTERM');
  });

  return {
    procs,
    async start(names = procs.map((p) => p.name)) {
      const group = names.map(byName);
      for (const proc of group) running.set(proc.name, launch(proc));
      await Promise.all(group.map((proc) => waitReady(proc.ready)));
    },
    /**
     * Sends `signal` (SIGKILL: a crash) to one process; resolves once the supervisor's
     * replacement answers its health check.
     */
    async kill(name, signal = 'SIGKILL') {
      const proc = byName(name);
      const child = running.get(name);
      if (!child) throw new Error(`${name} is not running`);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
      const until = Date.now() + 30_000;
      while (!running.has(name) && Date.now() < until) await sleep(50);
      await waitReady(proc.ready);
    },
    pids: () => Object.fromEntries([...running].map(([name, child]) => [name, child.pid])),
    /** Names of processes not running now (none once every restart has happened). */
    down: () => procs.map((p) => p.name).filter((name) => !running.has(name)),
    restarts: () => Object.fromEntries(restarts),
    async stop() {
      stopping = true;
      // Gateways first, so no request reaches a stopped service; then the rest.
      for (const proc of [...procs].reverse()) {
        const child = running.get(proc.name);
        if (!child) continue;
        let timer;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 20_000)))]);
        clearTimeout(timer);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    },
  };
}
