// CPU time per process group during a phase (Linux /proc): where a request's CPU goes, and how
// much went to other work on the machine meanwhile.
import fs from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function readAll() {
  const out = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const comm = stat.slice(stat.indexOf('(') + 1, close);
      const fields = stat.slice(close + 2).split(' ');
      out.set(Number(entry), { comm, ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS });
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** Starts counting; `stop()` gives CPU ms per group (`names` maps pid -> stack process name). */
export function cpuMeter(names) {
  const before = readAll();
  const started = performance.now();
  return () => {
    const after = readAll();
    const groups = {};
    for (const [pid, { comm, ms }] of after) {
      const used = ms - (before.get(pid)?.ms ?? 0);
      if (used <= 0) continue;
      const group =
        names[pid] ??
        (pid === process.pid
          ? 'load generator'
          : ['postgres', 'redis-server', 'nats-server'].includes(comm)
            ? comm
            : 'other processes');
      groups[group] = (groups[group] ?? 0) + used;
    }
    return { wallMs: Math.round(performance.now() - started), cpuMs: groups };
  };
}
