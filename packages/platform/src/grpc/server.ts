import {
  Server,
  ServerCredentials,
  type handleUnaryCall,
  type Metadata,
  type ServiceError,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import type { Logger } from '../logger';
import type { Access, Authenticate, Caller } from './caller';
import {
  authenticateCall,
  checkMethodAccess,
  clientAddress,
  mapErrors,
  measureCall,
  middlewareChain,
  requestContext,
  traceCall,
} from './middleware';
import type { IdentifyService, ServiceName } from './service-identity';

export interface CallContext {
  requestId: string;
  metadata: Metadata;
  /** Verified by the server's middleware (middleware.ts) before the handler runs. */
  caller: Caller;
  /** The calling service's verified identity (service-identity.ts); null for anyone else. */
  callingService: ServiceName | null;
  /**
   * The browser's address as the gateway saw it (`x-client-address`), taken only from a call
   * carrying the gateway's identity; null otherwise, whatever the metadata says.
   */
  clientAddress: string | null;
}

/** Who may call a service, and where a method differs, who may call that method. */
export interface ServiceAccess<D> {
  access?: Access;
  methods?: Partial<Record<keyof AsyncServiceOf<D>, Access>>;
}

/**
 * A service implementation written as plain async functions (request and call context in,
 * response out), read off a generated service definition: the one handler type of every service.
 */
export type AsyncServiceOf<D> = {
  [K in keyof D]: D[K] extends {
    requestDeserialize(bytes: Buffer): infer Req;
    responseSerialize(value: infer Res): Buffer;
  }
    ? (request: Req, ctx: CallContext) => Promise<Res>
    : never;
};

export interface GrpcServer {
  /**
   * Registers a service and makes it visible (NOT_SERVING until start) on the health service,
   * under its proto name (`auth.v1.AuthService`, read off the definition's method paths).
   */
  add<D extends ServiceDefinition>(
    definition: D,
    implementation: AsyncServiceOf<D>,
    options?: ServiceAccess<D>,
  ): void;
  /** Binds, reports SERVING, and resolves with the bound port (useful with port 0 in tests). */
  start(host: string, port: number): Promise<number>;
  /** Reports NOT_SERVING, lets in-flight calls finish for up to `graceMs`, then forces close. */
  stop(graceMs?: number): Promise<void>;
}

export interface GrpcServerOptions {
  /** Reads the caller from the call's metadata (createCallerAuthenticator in production). */
  authenticate: Authenticate;
  /**
   * Reads the calling service's identity (createServiceAuthenticator). Without it no call has
   * one: methods for a service refuse everyone, and no client address is believed.
   */
  identifyService?: IdentifyService;
  /** Largest request accepted (default 1 MB; the ads service takes image uploads). */
  maxReceiveBytes?: number;
}

export function createGrpcServer(logger: Logger, options: GrpcServerOptions): GrpcServer {
  const server = new Server({
    'grpc.max_receive_message_length': options.maxReceiveBytes ?? 1024 * 1024,
    // Clients re-resolve DNS only when a connection closes: ageing connections out lets pods
    // added by a scale-up receive traffic (round_robin over a headless Service).
    'grpc.max_connection_age_ms': 5 * 60_000,
    'grpc.max_connection_age_grace_ms': 30_000,
  });
  const serviceNames: string[] = [''];
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);

  /**
   * What runs around every handler, outermost first (middleware.ts): its metrics and span see
   * the answer as it goes out, errors are mapped inside them and logged in the call's request,
   * and no handler runs for a caller the authentication or the method's access refuses.
   */
  const pipeline = middlewareChain()
    .use(measureCall)
    .use(traceCall)
    .use(requestContext)
    .use(mapErrors(logger))
    .use(authenticateCall(options.authenticate, options.identifyService))
    .use(checkMethodAccess)
    .use(clientAddress);

  return {
    add(definition, implementation, { access = 'public', methods = {} } = {}) {
      const serviceName = protoServiceName(definition);
      const handlers: UntypedServiceImplementation = {};
      const methodAccess = methods as Partial<Record<string, Access>>;
      for (const [method, fn] of Object.entries(implementation)) {
        // Labels and spans name the method as the proto does (Submit, not submit).
        const rpc = definition[method]?.path.split('/')[2] ?? method;
        const run = pipeline.to(fn as (req: unknown, ctx: CallContext) => Promise<unknown>);
        const allowed = methodAccess[method] ?? access;
        const unary: handleUnaryCall<unknown, unknown> = (call, callback) => {
          const { request, metadata } = call;
          run({ service: serviceName, method: rpc, access: allowed, request, metadata }).then(
            (response) => callback(null, response),
            (error: Partial<ServiceError>) => callback(error),
          );
        };
        handlers[method] = unary;
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

/** `auth.v1.AuthService` of a definition whose methods' paths are `/auth.v1.AuthService/Login`. */
function protoServiceName(definition: ServiceDefinition): string {
  const [first] = Object.values(definition);
  const name = first?.path.split('/')[1];
  if (!name) throw new Error('a gRPC service definition without methods has no name');
  return name;
}
