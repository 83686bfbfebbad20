import type { Knex } from './db';
import type { Logger } from './logger';
import { startMetricsServer, watchDependency } from './metrics';
import type { EventBus } from './nats';
import type { Redis } from './redis';
import type { TraceSampler } from './config';
import { startTracing } from './tracing';

/**
 * Each process's metrics port when METRICS_PORT is not set: one each, so the whole stack on one
 * machine (`npm start`) needs no configuration; in Kubernetes every pod has its own address and
 * the same numbers serve. Tests (NODE_ENV=test) serve no metrics unless they ask.
 */
export const DEFAULT_METRICS_PORTS = {
  gateway: 9464,
  auth: 9465,
  scores: 9466,
  sessions: 9467,
  ads: 9468,
  content: 9469,
  realtime: 9470,
} as const;

export type ProcessName = keyof typeof DEFAULT_METRICS_PORTS;

export interface TelemetryConfig {
  NODE_ENV: string;
  METRICS_HOST: string;
  METRICS_PORT?: number | 'off';
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_TRACES_SAMPLER: TraceSampler;
  OTEL_TRACES_SAMPLER_ARG?: number;
}

export interface Telemetry {
  /** The /metrics port, or null when metrics are off. */
  metricsPort: number | null;
  stop(): Promise<void>;
}

/**
 * Starts what a process reports about itself: tracing (when configured), the /metrics server,
 * and a health gauge for each store it was given. Call once connections exist, before serving.
 */
export async function startTelemetry(options: {
  service: ProcessName;
  config: TelemetryConfig;
  logger: Logger;
  db?: Knex;
  redis?: Redis;
  bus?: EventBus;
}): Promise<Telemetry> {
  const { config, logger } = options;
  const tracing = startTracing({
    service: options.service,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampler: config,
  });
  const unwatch: (() => void)[] = [];
  const { db, redis, bus } = options;
  if (db) unwatch.push(watchDependency('postgres', () => db.raw('select 1')));
  if (redis) unwatch.push(watchDependency('redis', () => redis.ping()));
  // rtt() is a PING answered by the server: it fails while the connection is away.
  if (bus) unwatch.push(watchDependency('nats', () => bus.connection.rtt()));

  const port =
    config.METRICS_PORT ??
    (config.NODE_ENV === 'test' ? 'off' : DEFAULT_METRICS_PORTS[options.service]);
  const server =
    port === 'off'
      ? null
      : await startMetricsServer({ host: config.METRICS_HOST, port, logger }).catch(
          (error: NodeJS.ErrnoException) => {
            // Another process on this machine has the port (two local stacks at once): serve
            // without metrics rather than not at all; a scrape of it fails, which alerts.
            if (error.code !== 'EADDRINUSE') throw error;
            logger.error({ port }, 'metrics port in use: this process serves no metrics');
            return null;
          },
        );
  if (server) logger.info({ port: server.port }, 'metrics at /metrics');
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT) logger.info('traces exported over OTLP');

  return {
    metricsPort: server?.port ?? null,
    async stop() {
      for (const fn of unwatch) fn();
      await server?.close();
      await tracing.stop();
    },
  };
}
