import http from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { listen } from './listen';
import type { Logger } from './logger';

/**
 * Prometheus metrics: the one registry of this process, every metric the platform records, and
 * the HTTP server that serves them (GET /metrics on METRICS_PORT, apart from the service's own
 * port). One process runs one service in every deployment, so the registry is per process; when
 * tests start several services in one process they share it, and labels (gRPC service, outbox,
 * consumer) still tell them apart. Label values come from code (route patterns, method names),
 * never from raw input, so the number of series stays bounded.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Seconds: 5 ms … 10 s, the span of a request answered from memory to one that times out. */
const latencyBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10];

/** A counter on this process's registry. */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return new Counter<L>({ name, help, labelNames, registers: [metricsRegistry] });
}

/** A histogram on this process's registry (seconds: latencyBuckets unless given). */
function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets = latencyBuckets,
) {
  return new Histogram<L>({ name, help, labelNames, buckets, registers: [metricsRegistry] });
}

/** Gateway: one observation per HTTP request, labelled by its route pattern (not its URL). */
export const httpRequestDuration = histogram(
  'ballmatch_http_request_duration_seconds',
  'HTTP requests answered by the gateway, by method, route pattern and status code',
  ['method', 'route', 'status'],
);

/**
 * Sessions: ranked-game actions answered, by the way they came (`grpc`: the gateway's HTTP
 * route; `socket`: the game socket) and whether the game took them (`ok`) or an error was answered.
 */
export const gameActionsAnswered = counter(
  'ballmatch_game_actions_total',
  'Ranked-game actions answered by the sessions service, by transport and outcome',
  ['transport', 'outcome'],
);

/** One side's gRPC metrics: calls by service, method and status code, and their durations. */
export interface GrpcMetrics {
  handled: Counter<'grpc_service' | 'grpc_method' | 'grpc_code'>;
  duration: Histogram<'grpc_service' | 'grpc_method'>;
}

function grpcMetrics(side: 'server' | 'client', help: Record<keyof GrpcMetrics, string>) {
  return {
    handled: counter(`ballmatch_grpc_${side}_handled_total`, help.handled, [
      'grpc_service',
      'grpc_method',
      'grpc_code',
    ]),
    duration: histogram(`ballmatch_grpc_${side}_handling_seconds`, help.duration, [
      'grpc_service',
      'grpc_method',
    ]),
  } satisfies GrpcMetrics;
}

export const grpcServerMetrics: GrpcMetrics = grpcMetrics('server', {
  handled: 'gRPC calls answered, by service, method and status code',
  duration: 'Time to answer a gRPC call, by service and method',
});

export const grpcClientMetrics: GrpcMetrics = grpcMetrics('client', {
  handled: 'gRPC calls made to other services, by target, method and status code',
  duration: 'Time until another service answered a gRPC call, by target and method',
});

export const outboxPublished = counter(
  'ballmatch_outbox_published_total',
  'Events the outbox relay published to JetStream, by outbox (service)',
  ['outbox'],
);

export const eventsConsumed = counter(
  'ballmatch_events_consumed_total',
  'Events received, by consumer and result (applied, duplicate, failed, dropped)',
  ['consumer', 'result'],
);

/** What a consumer did with an event it received (`ballmatch_events_consumed_total`'s `result`). */
export type EventResult = 'applied' | 'duplicate' | 'failed' | 'dropped' | 'ignored';

/**
 * Counts what `consumer` does with each event it receives, for consumers that are not
 * `startEventConsumer`'s (realtime's plain subscriptions). Its series exist at 0 from the start,
 * so an alert tells a consumer that receives nothing (its count stays flat) from one that is
 * not there (its series absent).
 */
export function countEvents(
  consumer: string,
  results: readonly EventResult[],
): (result: EventResult) => void {
  for (const result of results) eventsConsumed.inc({ consumer, result }, 0);
  return (result) => eventsConsumed.inc({ consumer, result });
}

export const eventDeliveryLag = histogram(
  'ballmatch_event_delivery_lag_seconds',
  'From an event happening (its occurredAt) to a consumer receiving it',
  ['consumer'],
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
);

/** Read at each scrape from whatever registered a reader (see `addGaugeReader`). */
type Reader = () => Promise<Record<string, number> | number | null> | number | null;

/**
 * A gauge whose value is read at scrape time from sources registered while the process runs
 * (an outbox, a hub of sockets, a connection). Several sources of one label set (tests with
 * several services in one process) are summed for counts, or the lowest kept for health.
 */
function readGauge(options: {
  name: string;
  help: string;
  labelName: string;
  combine: 'sum' | 'min' | 'max';
}) {
  const readers = new Map<string, Set<Reader>>();
  const gauge = new Gauge({
    name: options.name,
    help: options.help,
    labelNames: [options.labelName],
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      const values = new Map<string, number[]>();
      await Promise.all(
        [...readers].flatMap(([label, set]) =>
          [...set].map(async (read) => {
            const value = await withTimeout(Promise.resolve().then(read), 2_000).catch(() => null);
            if (typeof value === 'number') values.set(label, [...(values.get(label) ?? []), value]);
          }),
        ),
      );
      for (const [label, list] of values) {
        const value =
          options.combine === 'sum'
            ? list.reduce((a, b) => a + b, 0)
            : options.combine === 'min'
              ? Math.min(...list)
              : Math.max(...list);
        this.set({ [options.labelName]: label }, value);
      }
    },
  });
  return {
    gauge,
    /** Adds a source for `label`; the returned function removes it (on stop). */
    add(label: string, read: () => Promise<number | null> | number | null): () => void {
      const set = readers.get(label) ?? new Set();
      readers.set(label, set);
      set.add(read);
      return () => {
        set.delete(read);
        if (set.size === 0) readers.delete(label);
      };
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

const dependencyUp = readGauge({
  name: 'ballmatch_dependency_up',
  help: 'Whether a store this process uses answers (1) or not (0): postgres, redis, nats',
  labelName: 'dependency',
  combine: 'min',
});
const outboxPending = readGauge({
  name: 'ballmatch_outbox_pending_events',
  help: 'Events written to an outbox and not yet published, by outbox (service)',
  labelName: 'outbox',
  combine: 'sum',
});
const outboxOldestAge = readGauge({
  name: 'ballmatch_outbox_oldest_event_age_seconds',
  help: 'Age of the oldest unpublished event of an outbox (0 when it is empty)',
  labelName: 'outbox',
  combine: 'max',
});
const openSockets = readGauge({
  name: 'ballmatch_websocket_open_sockets',
  help: 'WebSockets open on this replica, by service (realtime; sessions: game sockets)',
  labelName: 'service',
  combine: 'sum',
});

/**
 * Reports whether `dependency` answers: `check` resolves (up) or throws / takes over 2 s (down).
 * Returns the function that stops reporting it.
 */
export function watchDependency(
  dependency: 'postgres' | 'redis' | 'nats',
  check: () => Promise<unknown>,
): () => void {
  return dependencyUp.add(dependency, () =>
    check().then(
      () => 1,
      () => 0,
    ),
  );
}

/** The outbox relay's backlog: how many rows wait and how old the oldest is (seconds). */
export function watchOutbox(
  outbox: string,
  read: () => Promise<{ pending: number; oldestAgeSeconds: number }>,
): () => void {
  // One query per scrape, shared by both gauges.
  let last: Promise<{ pending: number; oldestAgeSeconds: number }> | null = null;
  const once = () => {
    last ??= read().finally(() => setTimeout(() => (last = null), 100).unref());
    return last;
  };
  const removePending = outboxPending.add(outbox, () => once().then((r) => r.pending));
  const removeAge = outboxOldestAge.add(outbox, () => once().then((r) => r.oldestAgeSeconds));
  return () => {
    removePending();
    removeAge();
  };
}

/** Realtime's and sessions' game sockets: the number open, read at each scrape. */
export function watchOpenSockets(service: string, count: () => number): () => void {
  return openSockets.add(service, count);
}

export interface MetricsServer {
  /** The bound port (a free one when asked for port 0). */
  port: number;
  close(): Promise<void>;
}

/** Serves GET /metrics (Prometheus text format) on its own port; anything else is 404. */
export async function startMetricsServer(options: {
  host: string;
  port: number;
  logger: Logger;
}): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(req.method === 'GET' ? 404 : 405, { 'content-type': 'text/plain' });
      res.end(req.method === 'GET' ? 'Not found: metrics are at /metrics\n' : 'GET only\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': metricsRegistry.contentType });
        res.end(text);
      },
      (error: unknown) => {
        options.logger.error({ err: error }, 'metrics collection failed');
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('metrics collection failed\n');
      },
    );
  });
  const port = await listen(server, options.port, options.host);
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
