import {
  Server,
  ServerCredentials,
  type handleUnaryCall,
  type Metadata,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, toGrpcError } from '../errors';
import type { Logger } from '../logger';
import { REQUEST_ID_HEADER, runWithRequestContext, sanitizeRequestId } from '../request-context';

export interface CallContext {
  requestId: string;
  metadata: Metadata;
}

/** A service implementation written as plain async functions: request in, response out. */
export type AsyncService<S> = {
  // `string extends K` drops grpc-js's index signature, keeping the named methods.
  [K in keyof S as string extends K ? never : K]: S[K] extends handleUnaryCall<infer Req, infer Res>
    ? (request: Req, ctx: CallContext) => Promise<Res>
    : never;
};

/** The same, read off a generated service definition (so `add` infers it). */
export type AsyncServiceOf<D> = {
  [K in keyof D]: D[K] extends {
    requestDeserialize(bytes: Buffer): infer Req;
    responseSerialize(value: infer Res): Buffer;
  }
    ? (request: Req, ctx: CallContext) => Promise<Res>
    : never;
};

export interface GrpcServer {
  /** Registers a service and makes it visible (NOT_SERVING until start) on the health service. */
  add<D extends ServiceDefinition>(
    definition: D,
    serviceName: string,
    implementation: AsyncServiceOf<D>,
  ): void;
  /** Binds, reports SERVING, and resolves with the bound port (useful with port 0 in tests). */
  start(host: string, port: number): Promise<number>;
  /** Reports NOT_SERVING, lets in-flight calls finish for up to `graceMs`, then forces close. */
  stop(graceMs?: number): Promise<void>;
}

export function createGrpcServer(logger: Logger): GrpcServer {
  const server = new Server({
    'grpc.max_receive_message_length': 1024 * 1024,
    // Clients re-resolve DNS only when a connection closes: ageing connections out lets pods
    // added by a scale-up receive traffic (round_robin over a headless Service).
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  const serviceNames: string[] = [''];
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);

  function wrap(method: string, fn: (req: unknown, ctx: CallContext) => Promise<unknown>) {
    const unary: handleUnaryCall<unknown, unknown> = (call, callback) => {
      const requestId = sanitizeRequestId(call.metadata.get(REQUEST_ID_HEADER)[0]);
      runWithRequestContext({ requestId }, () => {
        fn(call.request, { requestId, metadata: call.metadata }).then(
          (response) => callback(null, response),
          (error: unknown) => {
            if (!(error instanceof AppError) || error.code === 'INTERNAL') {
              logger.error({ err: error, method }, 'gRPC handler failed');
            }
            callback(toGrpcError(error));
          },
        );
      });
    };
    return unary;
  }

  return {
    add(definition, serviceName, implementation) {
      const handlers: UntypedServiceImplementation = {};
      for (const [method, fn] of Object.entries(implementation)) {
        handlers[method] = wrap(method, fn as (req: unknown, ctx: CallContext) => Promise<unknown>);
      }
      server.addService(definition, handlers);
      serviceNames.push(serviceName);
      health.setStatus(serviceName, 'NOT_SERVING');
    },

    async start(host, port) {
      const bound = await new Promise<number>((resolve, reject) =>
        server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (err, p) =>
          err ? reject(err) : resolve(p),
        ),
      );
      for (const name of serviceNames) health.setStatus(name, 'SERVING');
      return bound;
    },

    async stop(graceMs = 10_000) {
      for (const name of serviceNames) health.setStatus(name, 'NOT_SERVING');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
