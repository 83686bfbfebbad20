// CPU time per process group during a phase (Linux /proc): where a request's CPU goes, and how
// much went to other work on the machine meanwhile.
import { readProcesses as readAll } from './process-cpu.mjs';

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
