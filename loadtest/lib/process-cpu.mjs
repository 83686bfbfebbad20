// CPU time of every process of the stack, stores included, from /proc/<pid>/stat (user +
// system time of all its threads), grouped by what the process is: each service, the gateway,
// PostgreSQL (the postmaster and every backend and helper it forked), Redis, NATS, the load
// generator, and everything else on the machine. Snapshots are cheap (one read per process),
// so the harness takes one at every step boundary and reports the differences.
import fs from 'node:fs';

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** pid -> {comm, ppid, ms} of every process now. */
export function readProcesses() {
  const out = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      // Fields after the name: state ppid ... utime(12th) stime(13th).
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(entry), {
        comm,
        ppid: Number(fields[1]),
        ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS,
      });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

const STACK_ENTRY = /(?:services\/([a-z]+)|(gateway))\/dist\/index\.js/;
const STORE_NAMES = { postgres: 'postgres', 'redis-server': 'redis', 'nats-server': 'nats' };

/**
 * `stack()` gives {name: pid} of the stack's processes and `stores()` {postgres, redis, nats}
 * main pids, when this run started them; without them (a stack given by URL), processes are
 * recognised by their command line (`.../services/<name>/dist/index.js`) and name (postgres,
 * redis-server, nats-server), which on a shared machine includes other people's copies.
 */
export function processGroups({ stack = () => ({}), stores = () => ({}) } = {}) {
  const cmdCache = new Map();
  function groupOf(pid, proc, known, storePids) {
    if (pid === process.pid) return 'load generator';
    if (known.has(pid)) return known.get(pid);
    for (const [store, main] of Object.entries(storePids)) {
      if (main && (pid === main || proc.ppid === main)) return store;
    }
    if (Object.keys(storePids).length > 0) return 'other processes';
    if (STORE_NAMES[proc.comm]) return STORE_NAMES[proc.comm];
    if (proc.comm === 'node' || proc.comm.startsWith('node')) {
      if (!cmdCache.has(pid)) cmdCache.set(pid, cmdline(pid));
      const match = STACK_ENTRY.exec(cmdCache.get(pid));
      if (match) return match[1] ?? match[2];
    }
    return 'other processes';
  }
  return {
    /** pid -> {group, ms} now. */
    snapshot() {
      const known = new Map(Object.entries(stack()).map(([name, pid]) => [pid, name]));
      const storePids = Object.fromEntries(Object.entries(stores()).filter(([, pid]) => pid));
      const snap = new Map();
      for (const [pid, proc] of readProcesses()) {
        snap.set(pid, { group: groupOf(pid, proc, known, storePids), ms: proc.ms });
      }
      return { at: performance.now(), processes: snap };
    },
  };
}

/** CPU ms per group between two snapshots, and the wall time between them. */
export function cpuBetween(before, after) {
  const groups = {};
  for (const [pid, { group, ms }] of after.processes) {
    const used = ms - (before.processes.get(pid)?.ms ?? 0);
    if (used > 0) groups[group] = (groups[group] ?? 0) + used;
  }
  return { wallMs: after.at - before.at, cpuMs: groups };
}
