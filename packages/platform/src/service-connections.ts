import { createKnex, ensureDatabase, migrateLatest, type Knex, type Migrations } from './db';
import { createCallerAuthenticator } from './grpc/caller';
import { createGrpcServer, type GrpcServer } from './grpc/server';
import { serviceIdentityFromConfig, type ServiceName } from './grpc/service-identity';
import { loadPublicKey, type PublicKeys } from './jwt';
import { createLogger, type Logger } from './logger';
import { connectEventBus, type EventBus } from './nats';
import {
  deleteStreams,
  ensureStreams,
  startOutboxRelay,
  type OutboxRelay,
  type StreamSpec,
} from './outbox';
import { connectRedis, type Redis } from './redis';
import {
  startTelemetry,
  type ProcessName,
  type Telemetry,
  type TelemetryConfig,
} from './telemetry';

/** The variables of databaseEnv, redisEnv, natsEnv and commonEnv a service's config carries. */
export interface ServiceConnectionsConfig extends TelemetryConfig {
  LOG_LEVEL: string;
  DATABASE_URL: string;
  /** Absent where the service has no such variable: knex's pool keeps its default. */
  DB_POOL_MAX?: number;
  REDIS_URL: string;
  REDIS_KEY_PREFIX: string;
  NATS_URL: string;
  NATS_SUBJECT_PREFIX: string;
  NATS_STREAM_REPLICAS: number;
}

/** What a service's start() answers (its own handles besides, for tests). */
export interface RunningService {
  /** The port it serves on (gRPC; realtime's HTTP). */
  port: number;
  /** The /metrics port (null: metrics off, as in tests by default). */
  metricsPort: number | null;
  /** `deleteStreams` (tests only) also removes this deployment's JetStream streams. */
  stop(options?: { deleteStreams?: boolean }): Promise<void>;
}

export interface ServiceConnectionsOptions {
  /** Names its logger, the NATS connection, the metrics port and traces. */
  service: ProcessName;
  config: ServiceConnectionsConfig;
  /** The service's own PostgreSQL schema, brought to `migrations` before anything else connects. */
  schema: string;
  migrations: Migrations;
  /** The streams it publishes to: created at start, deleted by `close({ deleteStreams })`. */
  streams: StreamSpec[];
  /** The streams it only reads: created too (its consumers may start before the publisher). */
  consumedStreams?: StreamSpec[];
  /** false: events stay in the outbox for another process to publish (default true). */
  outboxRelay?: boolean;
}

export interface ServiceConnections<Relay extends OutboxRelay | null = OutboxRelay> {
  /** The service's logger, at LOG_LEVEL. */
  logger: Logger;
  db: Knex;
  redis: Redis;
  bus: EventBus;
  telemetry: Telemetry;
  relay: Relay;
  /**
   * Stops the relay, deletes `streams` when asked (test clean-up), then stops telemetry and
   * closes NATS, Redis and PostgreSQL. Call once whatever uses them has stopped.
   */
  close(options?: { deleteStreams?: boolean }): Promise<void>;
}

/**
 * What every service with a database opens before its domain, in order: its logger, its
 * database (created outside production) and migrations, Redis, NATS, telemetry watching all
 * three, the streams, and the outbox relay.
 */
export function openServiceConnections(
  options: ServiceConnectionsOptions & { outboxRelay?: true },
): Promise<ServiceConnections>;
export function openServiceConnections(
  options: ServiceConnectionsOptions,
): Promise<ServiceConnections<OutboxRelay | null>>;
export async function openServiceConnections(
  options: ServiceConnectionsOptions,
): Promise<ServiceConnections<OutboxRelay | null>> {
  const { service, config, schema, streams } = options;
  const logger = createLogger(service, config.LOG_LEVEL);
  if (config.NODE_ENV !== 'production') await ensureDatabase(config.DATABASE_URL);
  const db = createKnex({ url: config.DATABASE_URL, schema, poolMax: config.DB_POOL_MAX });
  await migrateLatest(db, schema, options.migrations);
  const redis = await connectRedis({ url: config.REDIS_URL, keyPrefix: config.REDIS_KEY_PREFIX });
  const bus = await connectEventBus({
    url: config.NATS_URL,
    subjectPrefix: config.NATS_SUBJECT_PREFIX,
    name: service,
    streamReplicas: config.NATS_STREAM_REPLICAS,
  });
  const telemetry = await startTelemetry({ service, config, logger, db, redis, bus });
  await ensureStreams(bus, [...streams, ...(options.consumedStreams ?? [])]);
  const relay = options.outboxRelay === false ? null : startOutboxRelay({ db, bus, logger });

  return {
    logger,
    db,
    redis,
    bus,
    telemetry,
    relay,
    async close({ deleteStreams: removeStreams = false } = {}) {
      await relay?.stop();
      if (removeStreams) await deleteStreams(bus, streams);
      await telemetry.stop();
      await bus.close();
      redis.disconnect();
      await db.destroy();
    },
  };
}

/**
 * Starts a service's gRPC server on GRPC_HOST:GRPC_PORT and answers it running: stop() stops the
 * server first (in-flight calls answered), then the service's own parts (`stopOwn`), then closes
 * its connections.
 */
export async function serveService(
  server: GrpcServer,
  config: { GRPC_HOST: string; GRPC_PORT: number },
  connections: ServiceConnections<OutboxRelay | null>,
  stopOwn: () => Promise<void> | void = () => {},
): Promise<RunningService> {
  const port = await server.start(config.GRPC_HOST, config.GRPC_PORT);
  return {
    port,
    metricsPort: connections.telemetry.metricsPort,
    async stop(options) {
      await server.stop();
      await stopOwn();
      await connections.close(options);
    },
  };
}

export interface ServiceServerOptions {
  /** The service: the audience of the service tokens it takes. */
  name: ServiceName;
  /**
   * The services that call it by their identity (their keys are in its config). None (scores):
   * no call has an identity, and a service token it is sent is not read.
   */
  callers: readonly ServiceName[];
  /** Where the logout deny-list is read. */
  redis: Redis;
  /** The keys of session tokens (default: JWT_PUBLIC_KEY's, or the development key's). */
  publicKey?: PublicKeys;
  /** Largest request accepted (createGrpcServer's default unless given). */
  maxReceiveBytes?: number;
}

/**
 * A service's gRPC server checking its callers: a player by the session token (its keys, and
 * the logout deny-list in Redis), a calling service by its identity (`callers`' keys). A service
 * that signs its own calls (scores, sessions) makes its credential apart, with no callers.
 */
export function createServiceServer(
  logger: Logger,
  config: Partial<Record<string, unknown>> & { JWT_PUBLIC_KEY?: string; JWT_DEV_KEY_DIR?: string },
  options: ServiceServerOptions,
): GrpcServer {
  const { name, callers, redis } = options;
  const publicKey =
    options.publicKey ?? loadPublicKey(config.JWT_PUBLIC_KEY, config.JWT_DEV_KEY_DIR);
  return createGrpcServer(logger, {
    authenticate: createCallerAuthenticator({ publicKey, redis }),
    identifyService:
      callers.length > 0
        ? serviceIdentityFromConfig(config, { name, signs: false, callers }).identify
        : undefined,
    maxReceiveBytes: options.maxReceiveBytes,
  });
}
