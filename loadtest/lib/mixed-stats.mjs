// Figures of the mixed run, kept per ramp step: each request counts in the step in which it was
// due (its place on the visit's schedule), so a step's latencies include the queueing its own
// load caused even when the answers arrive after the step ended.
import { percentile } from './measure.mjs';

const round = (n, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1] ?? 0),
  };
}

export class StepStats {
  constructor() {
    /** {label, visitsPerSecond, startAt, endAt} in order; the last one is running. */
    this.steps = [];
    this.byStep = [];
  }

  begin(label, visitsPerSecond, at = performance.now()) {
    const last = this.steps.at(-1);
    if (last && last.endAt === undefined) last.endAt = at;
    this.steps.push({ label, visitsPerSecond, startAt: at });
    this.byStep.push({
      endpoints: {},
      pending: 0,
      socketDeliveries: [],
      socketMessages: 0,
      socketsOpened: 0,
      socketFailures: 0,
      visits: 0,
      gamesSubmitted: 0,
    });
    return this.steps.length - 1;
  }

  end(at = performance.now()) {
    const last = this.steps.at(-1);
    if (last && last.endAt === undefined) last.endAt = at;
  }

  /** The step a moment falls in (the first step for anything earlier, the last for later). */
  stepAt(at) {
    for (let i = this.steps.length - 1; i >= 0; i--) if (at >= this.steps[i].startAt) return i;
    return 0;
  }

  of(at) {
    return this.byStep[this.stepAt(at)];
  }

  endpoint(step, name) {
    return (step.endpoints[name] ??= { latencies: [], statuses: {}, errors: 0 });
  }

  /**
   * A request due at `dueAt` was sent; its latency counts from `from` (when it could be sent:
   * never before it was due). Returns the callback its answer (or failure) calls.
   */
  started(name, dueAt, from = dueAt) {
    const step = this.of(dueAt);
    step.pending++;
    // `as`: the name the answer is counted under, when the answer shows it was another case.
    return (status, as = name) => {
      step.pending--;
      const e = this.endpoint(step, as);
      e.latencies.push(performance.now() - from);
      if (status === undefined) e.errors++;
      else e.statuses[status] = (e.statuses[status] ?? 0) + 1;
    };
  }

  /** Resolves once every request due in step `index` has its answer (or after `timeoutMs`). */
  async settled(index, timeoutMs = 20_000) {
    const until = performance.now() + timeoutMs;
    while (this.byStep[index].pending > 0 && performance.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return this.byStep[index].pending;
  }

  /** The step's figures; `expected(name)` lists the statuses that count as success. */
  summary(index, expected) {
    const { label, visitsPerSecond, startAt, endAt } = this.steps[index];
    const step = this.byStep[index];
    const seconds = (endAt - startAt) / 1000;
    const all = [];
    let requests = 0;
    let failed = 0;
    const endpoints = {};
    for (const [name, e] of Object.entries(step.endpoints)) {
      const count = e.latencies.length;
      const ok = expected(name).reduce((sum, s) => sum + (e.statuses[s] ?? 0), 0);
      requests += count;
      failed += count - ok;
      for (const v of e.latencies) all.push(v);
      endpoints[name] = {
        count,
        perSecond: round(count / seconds),
        failed: count - ok,
        statuses: e.statuses,
        ...latencySummary(e.latencies),
      };
    }
    for (const e of Object.values(endpoints)) e.share = round((e.count / requests) * 100);
    return {
      step: label,
      visitsPerSecond: round(visitsPerSecond, 2),
      seconds: round(seconds),
      requests,
      requestsPerSecond: round(requests / seconds),
      failed,
      unanswered: step.pending,
      ...latencySummary(all),
      visits: step.visits,
      gamesSubmitted: step.gamesSubmitted,
      endpoints,
      sockets: {
        opened: step.socketsOpened,
        failed: step.socketFailures,
        messages: step.socketMessages,
        scoreDelivery: latencySummary(step.socketDeliveries),
      },
    };
  }
}
