import {
  credentials,
  Metadata,
  type CallOptions,
  type Client,
  type ClientUnaryCall,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import {
  callDeadline,
  clientChain,
  forwardRequestContext,
  mapCallErrors,
  measureCall,
  serviceIdentity,
  traceCall,
  type CallOpts,
} from './client-middleware';
import type { ServiceCredential } from './service-identity';

export type { CallOpts } from './client-middleware';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

/** The generated client with each unary method as `(request, opts?) => Promise<response>`. */
export type AsyncClient<C> = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- only selects unary methods
  [K in keyof C as C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends UnaryMethod<
    infer Req,
    infer Res
  >
    ? (request: Req, opts?: CallOpts) => Promise<Res>
    : never;
} & { close(): void };

type ClientConstructor<C> = new (
  address: string,
  creds: ReturnType<typeof credentials.createInsecure>,
  options?: Record<string, unknown>,
) => C;

/**
 * Makes a client for `address` (host:port, or dns:///name:port in Kubernetes, where
 * round_robin spreads calls across pods behind a headless Service). Each call carries a
 * deadline, the current request id, the caller's credential and the client's address (from the
 * request context), and with a `credential` this service's identity, addressed to
 * `serviceLabel`; failures come back as AppError.
 */
export function createGrpcClient<C extends Client>(
  Ctor: ClientConstructor<C>,
  definition: ServiceDefinition,
  address: string,
  options: {
    /** The callee's name: errors name it, and this service's tokens are addressed to it. */
    serviceLabel: string;
    /** This service's identity (service-identity.ts), carried by every call. */
    credential?: ServiceCredential;
    defaultTimeoutMs?: number;
    /** An `authorization` value every call carries instead of the request context's (tests). */
    authorization?: string;
  },
): AsyncClient<C> {
  const client = new Ctor(address, credentials.createInsecure(), {
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 5_000,
    // Reconnect quickly after the peer comes back, so a restarted service is used again soon.
    'grpc.initial_reconnect_backoff_ms': 200,
    'grpc.max_reconnect_backoff_ms': 2_000,
  });
  /**
   * What runs around every call, outermost first (client-middleware.ts): the callee's statuses
   * become AppErrors outside the span and metrics, which see the status itself; a credential
   * that cannot sign fails the span before the call is made or counted.
   */
  const around = [
    mapCallErrors(options.serviceLabel),
    traceCall,
    serviceIdentity(options.credential, options.serviceLabel),
    forwardRequestContext(options.authorization),
    callDeadline(options.defaultTimeoutMs ?? 3_000),
    measureCall,
  ];
  const asyncClient: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(definition)) {
    const fn = (client as unknown as Record<string, UnaryMethod<unknown, unknown>>)[method];
    if (typeof fn !== 'function') continue;
    const [, service = '', rpc = method] = definition[method]!.path.split('/');
    const run = clientChain(
      around,
      (call) =>
        new Promise((resolve, reject) => {
          fn.call(
            client,
            call.request,
            call.metadata,
            { deadline: call.deadline },
            (error, response) => (error ? reject(error) : resolve(response)),
          );
        }),
    );
    asyncClient[method] = (request: unknown, opts: CallOpts = {}) =>
      run({ service, method: rpc, request, metadata: new Metadata(), options: opts });
  }
  return asyncClient as AsyncClient<C>;
}
