import {
  Server,
  ServerCredentials,
  status as grpcStatus,
  type handleUnaryCall,
  type Metadata,
  type ServiceError,
  type ServiceDefinition,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { HealthImplementation } from 'grpc-health-check';
import { AppError, toGrpcError } from '../errors';
import type { Logger } from '../logger';
import { grpcServerDuration, grpcServerHandled } from '../metrics';
import { context, extractTraceContext, failSpan, SpanKind, trace, tracer } from '../tracing';
import { REQUEST_ID_HEADER, runWithRequestContext, sanitizeRequestId } from '../request-context';
import {
  AUTHORIZATION_HEADER,
  SESSION_CREDENTIAL_HEADER,
  checkAccess,
  type Access,
  type Authenticate,
  type Caller,
} from './caller';
import {
  CLIENT_ADDRESS_HEADER,
  EDGE_SERVICE,
  type IdentifyService,
  type ServiceName,
} from './service-identity';

export interface CallContext {
  requestId: string;
  metadata: Metadata;
  /** Verified by the server's interceptor before the handler runs. */
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
  /** Registers a service and makes it visible (NOT_SERVING until start) on the health service. */
  add<D extends ServiceDefinition>(
    definition: D,
    serviceName: string,
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

  /** The interceptor: every call is authenticated and its method's access checked first. */
  async function authorize(
    metadata: Metadata,
    access: Access,
  ): Promise<Omit<CallContext, 'requestId' | 'metadata'>> {
    const [caller, callingService] = await Promise.all([
      options.authenticate(metadata),
      options.identifyService?.(metadata) ?? null,
    ]);
    checkAccess(access, { caller, callingService });
    const address = metadata.get(CLIENT_ADDRESS_HEADER);
    const clientAddress =
      callingService === EDGE_SERVICE && address.length === 1 && typeof address[0] === 'string'
        ? address[0]
        : null;
    return { caller, callingService, clientAddress };
  }

  function wrap(
    service: string,
    method: string,
    access: Access,
    fn: (req: unknown, ctx: CallContext) => Promise<unknown>,
  ) {
    const labels = { grpc_service: service, grpc_method: method };
    const unary: handleUnaryCall<unknown, unknown> = (call, callback) => {
      const requestId = sanitizeRequestId(call.metadata.get(REQUEST_ID_HEADER)[0]);
      // Calls this handler makes to other services go on behalf of the same caller.
      const text = (key: string) => {
        const value = call.metadata.get(key)[0];
        return typeof value === 'string' ? value : undefined;
      };
      const authorization = text(AUTHORIZATION_HEADER);
      const sessionCredential = text(SESSION_CREDENTIAL_HEADER);
      const timer = grpcServerDuration.startTimer(labels);
      // The caller's trace goes on here (its traceparent metadata), with this call as a span.
      const parent = extractTraceContext({
        traceparent: text('traceparent'),
        tracestate: text('tracestate'),
      });
      const span = tracer().startSpan(
        `${service}/${method}`,
        {
          kind: SpanKind.SERVER,
          attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method },
        },
        parent,
      );
      const answer = (error: Partial<ServiceError> | null, response?: unknown) => {
        const code = error?.code ?? grpcStatus.OK;
        timer();
        grpcServerHandled.inc({ ...labels, grpc_code: grpcStatus[code] ?? 'UNKNOWN' });
        span.setAttribute('rpc.grpc.status_code', code);
        if (error) failSpan(span, error);
        span.end();
        callback(error, response);
      };
      context.with(trace.setSpan(parent, span), () =>
        runWithRequestContext({ requestId, authorization, sessionCredential }, () => {
          authorize(call.metadata, access)
            .then((who) => fn(call.request, { requestId, metadata: call.metadata, ...who }))
            .then(
              (response) => answer(null, response),
              (error: unknown) => {
                if (!(error instanceof AppError) || error.code === 'INTERNAL') {
                  logger.error({ err: error, method }, 'gRPC handler failed');
                }
                answer(toGrpcError(error));
              },
            );
        }),
      );
    };
    return unary;
  }

  return {
    add(definition, serviceName, implementation, { access = 'public', methods = {} } = {}) {
      const handlers: UntypedServiceImplementation = {};
      const methodAccess = methods as Partial<Record<string, Access>>;
      for (const [method, fn] of Object.entries(implementation)) {
        // Labels and spans name the method as the proto does (Submit, not submit).
        const rpc = definition[method]?.path.split('/')[2] ?? method;
        handlers[method] = wrap(
          serviceName,
          rpc,
          methodAccess[method] ?? access,
          fn as (req: unknown, ctx: CallContext) => Promise<unknown>,
        );
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
