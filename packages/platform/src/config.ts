import { z } from 'zod';
import { callerKeysEnv, callerKeyVariables, type ServiceName } from './grpc/service-identity';

/**
 * Configuration comes from environment variables, validated once at start. Every variable has a
 * safe local default except secrets: with NODE_ENV=production a missing secret stops start-up.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** OpenTelemetry's standard samplers (the values of OTEL_TRACES_SAMPLER) this process knows. */
export const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

/** What a process reports about itself (telemetry.ts); part of commonEnv. */
export const telemetryEnv = {
  /** Address of the /metrics server. */
  METRICS_HOST: z.string().default('0.0.0.0'),
  /** Port of the /metrics server: a number (0: any free port), or `off`. */
  METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).optional(),
  /** OTLP/HTTP collector (e.g. http://otel-collector:4318): traces are sent there; unset: off. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /**
   * Which traces are kept, by OpenTelemetry's standard variable (TRACE_SAMPLERS; tracing.ts
   * samplerOf): `parentbased_*` follow a caller's decision and apply the rest to new traces.
   * Default: every trace.
   */
  OTEL_TRACES_SAMPLER: z.enum(TRACE_SAMPLERS).default('parentbased_always_on'),
  /** The `*traceidratio` samplers' share of new traces kept (0…1; default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
};

export const commonEnv = {
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ...telemetryEnv,
};

export const databaseEnv = {
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/ballmatch'),
};

export const redisEnv = {
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379'),
  /** Every key this process writes starts with it, so tests and deployments can share a server. */
  REDIS_KEY_PREFIX: z.string().default('bm:'),
};

export const natsEnv = {
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /** Prepended to every subject, so test runs never hear each other. */
  NATS_SUBJECT_PREFIX: z.string().default(''),
  /** Copies of each JetStream stream (3 on a cluster of three: a stream outlives one server). */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
};

export function grpcServerEnv(defaultPort: number) {
  return {
    GRPC_HOST: z.string().default('0.0.0.0'),
    GRPC_PORT: port(defaultPort),
  };
}

export const jwtPublicEnv = {
  /** PEM of the Ed25519 public key that verifies session tokens. */
  JWT_PUBLIC_KEY: z.string().optional(),
  /** Where development keys are made when no key is given (never used in production). */
  JWT_DEV_KEY_DIR: z.string().optional(),
};

/**
 * What every service with its own database reads: the common variables, its gRPC server on
 * `grpcPort`, the PostgreSQL, Redis and NATS openServiceConnections opens, the public key that
 * verifies session tokens (jwtPublicEnv), and the service keys of `callers` (the services whose
 * calls, or signed results, it takes).
 */
export function serviceEnv<const N extends ServiceName>(grpcPort: number, callers: readonly N[]) {
  return {
    ...commonEnv,
    ...grpcServerEnv(grpcPort),
    ...databaseEnv,
    ...redisEnv,
    ...natsEnv,
    ...jwtPublicEnv,
    ...callerKeysEnv(callers),
  };
}

/** serviceEnv's secrets (production refuses to start without them): the public keys. */
export const serviceSecrets = <N extends ServiceName>(callers: readonly N[]) => [
  'JWT_PUBLIC_KEY' as const,
  ...callerKeyVariables(callers),
];

export const dbPoolEnv = {
  /** PostgreSQL connections of this process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
};

export { port as portEnv };

type Shape = z.ZodRawShape;

/**
 * Parses `env` against `shape`. `secrets` must be present when NODE_ENV=production.
 * Throws ConfigError listing every bad variable, never a value (values may be secrets).
 */
export function loadConfig<S extends Shape>(
  shape: S,
  options: { env?: NodeJS.ProcessEnv; secrets?: (keyof S & string)[] } = {},
): z.infer<z.ZodObject<S>> {
  const env = options.env ?? process.env;
  const result = z.object(shape).safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = result.data as Record<string, unknown>;
  if (config.NODE_ENV === 'production') {
    const missing = (options.secrets ?? []).filter((name) => !config[name]);
    if (missing.length) {
      throw new ConfigError(
        `Missing required secret${missing.length > 1 ? 's' : ''} in production: ${missing.join(', ')}. ` +
          'Set them in the environment; production never invents secrets.',
      );
    }
  }
  return result.data;
}

/** A service's loader of its config: `shape` from the environment, `secrets` required in production. */
export function configLoader<S extends Shape>(shape: S, secrets: readonly (keyof S & string)[]) {
  return (env: NodeJS.ProcessEnv = process.env) =>
    loadConfig(shape, { env, secrets: [...secrets] });
}
