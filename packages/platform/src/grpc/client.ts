import {
  credentials,
  Metadata,
  status as grpcStatus,
  type CallOptions,
  type Client,
  type ClientUnaryCall,
  type ServiceDefinition,
  type ServiceError,
} from '@grpc/grpc-js';
import { fromGrpcError } from '../errors';
import { grpcClientDuration, grpcClientHandled } from '../metrics';
import { failSpan, injectTraceContext, SpanKind, tracer } from '../tracing';
import { currentRequestContext, REQUEST_ID_HEADER } from '../request-context';
import { AUTHORIZATION_HEADER, SESSION_CREDENTIAL_HEADER } from './caller';
import {
  CLIENT_ADDRESS_HEADER,
  SERVICE_AUTHORIZATION_HEADER,
  type ServiceCredential,
} from './service-identity';

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Res) => void,
) => ClientUnaryCall;

export interface CallOpts {
  /** Milliseconds before the call gives up (DEADLINE_EXCEEDED); every call has one. */
  timeoutMs?: number;
  /** A player session's credential for this call, instead of the request context's. */
  sessionCredential?: string;
  /** The browser's address for this call, instead of the request context's (the gateway's). */
  clientAddress?: string;
}

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
  const defaultTimeout = options.defaultTimeoutMs ?? 3_000;
  const serviceAuthorization = async () =>
    options.credential?.authorizationFor(options.serviceLabel);
  const asyncClient: Record<string, unknown> = { close: () => client.close() };
  for (const method of Object.keys(definition)) {
    const fn = (client as unknown as Record<string, UnaryMethod<unknown, unknown>>)[method];
    if (typeof fn !== 'function') continue;
    const [, service = '', rpc = method] = definition[method]!.path.split('/');
    asyncClient[method] = (request: unknown, opts: CallOpts = {}) =>
      tracer().startActiveSpan(
        `${service}/${rpc}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpc },
        },
        (span) =>
          serviceAuthorization().then(
            (serviceAuth) =>
              new Promise((resolve, reject) => {
                const metadata = new Metadata();
                if (serviceAuth) metadata.set(SERVICE_AUTHORIZATION_HEADER, serviceAuth);
                const ctx = currentRequestContext();
                if (ctx) metadata.set(REQUEST_ID_HEADER, ctx.requestId);
                const authorization = options.authorization ?? ctx?.authorization;
                if (authorization) metadata.set(AUTHORIZATION_HEADER, authorization);
                const sessionCredential = opts.sessionCredential ?? ctx?.sessionCredential;
                if (sessionCredential) metadata.set(SESSION_CREDENTIAL_HEADER, sessionCredential);
                const clientAddress = opts.clientAddress ?? ctx?.clientAddress;
                if (clientAddress) metadata.set(CLIENT_ADDRESS_HEADER, clientAddress);
                // The trace goes on in the called service (traceparent), as nice-grpc-opentelemetry does.
                const carrier = injectTraceContext({});
                for (const [key, value] of Object.entries(carrier)) metadata.set(key, value);
                const deadline = new Date(Date.now() + (opts.timeoutMs ?? defaultTimeout));
                const timer = grpcClientDuration.startTimer({
                  grpc_service: service,
                  grpc_method: rpc,
                });
                fn.call(client, request, metadata, { deadline }, (error, response) => {
                  timer();
                  const code = grpcStatus[error ? error.code : grpcStatus.OK] ?? 'UNKNOWN';
                  grpcClientHandled.inc({
                    grpc_service: service,
                    grpc_method: rpc,
                    grpc_code: code,
                  });
                  span.setAttribute('rpc.grpc.status_code', error ? error.code : grpcStatus.OK);
                  if (error) failSpan(span, error);
                  span.end();
                  if (error) reject(fromGrpcError(error, options.serviceLabel));
                  else resolve(response);
                });
              }),
            (error: unknown) => {
              failSpan(span, error as Error);
              span.end();
              throw error;
            },
          ),
      );
  }
  return asyncClient as AsyncClient<C>;
}
