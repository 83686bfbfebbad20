// Open-loop load: requests start on a fixed schedule (rate per second) whatever the answers
// do, and each latency is counted from the moment its request was due, so a server that falls
// behind shows it in the figures (no coordinated omission).
import os from 'node:os';

/** `n` to `digits` decimals. */
export const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The machine a report was measured on; `loadBefore` is os.loadavg() as the run started. */
export function machineFacts(loadBefore) {
  return {
    cpu: os.cpus()[0]?.model,
    cores: os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    ...(loadBefore ? { loadAverageBefore: loadBefore.map((n) => round(n, 2)) } : {}),
    loadAverageAfter: os.loadavg().map((n) => round(n, 2)),
  };
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summarize(name, result) {
  const sorted = Float64Array.from(result.latencies).sort();
  const ok = result.statuses['200'] ?? 0;
  return {
    scenario: name,
    targetRate: result.rate,
    durationS: result.durationMs / 1000,
    sent: result.sent,
    completed: result.completed,
    ok,
    failed: result.completed - ok + result.errors,
    statuses: result.statuses,
    achievedRate: Math.round((result.completed / result.elapsedMs) * 1000),
    okRate: Math.round((ok / result.elapsedMs) * 1000),
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

/**
 * Sends `rate` requests a second for `durationMs` through the undici pool; `request(i)` gives
 * the i-th request's options. Resolves when every answer is in.
 */
export async function openLoop({ pool, rate, durationMs, request, onAnswer }) {
  const total = Math.floor((rate * durationMs) / 1000);
  const latencies = [];
  const statuses = {};
  let completed = 0;
  let errors = 0;
  const started = performance.now();
  const pending = [];
  let sent = 0;
  await new Promise((resolve) => {
    const pump = () => {
      const now = performance.now();
      const due = Math.min(total, Math.floor(((now - started) / 1000) * rate) + 1);
      for (; sent < due; sent++) {
        const i = sent;
        const dueAt = started + (i * 1000) / rate;
        pending.push(
          pool
            .request(request(i))
            .then(async (res) => {
              const text = await res.body.text();
              const done = performance.now();
              latencies.push(done - dueAt);
              statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
              completed++;
              onAnswer?.(i, res.statusCode, text);
            })
            .catch(() => {
              errors++;
            }),
        );
      }
      if (sent >= total) resolve();
      else setTimeout(pump, 1);
    };
    pump();
  });
  await Promise.all(pending);
  const elapsedMs = performance.now() - started;
  return { rate, durationMs, sent, completed, errors, latencies, statuses, elapsedMs };
}
