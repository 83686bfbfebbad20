import { Metadata, status as grpcStatus, type ServiceError } from '@grpc/grpc-js';
import { fromGrpcError } from '../errors';
import { grpcClientMetrics } from '../metrics';
import { failSpan, injectTraceContext, SpanKind, tracer } from '../tracing';
import { currentRequestContext, REQUEST_ID_HEADER } from '../request-context';
import { AUTHORIZATION_HEADER, SESSION_CREDENTIAL_HEADER } from './caller';
import { measuredCall } from './middleware';
import {
  CLIENT_ADDRESS_HEADER,
  SERVICE_AUTHORIZATION_HEADER,
  type ServiceCredential,
} from './service-identity';

/**
 * What a gRPC client does around every call, one job a middleware, as the server's
 * (middleware.ts). client.ts composes them in one place; the order is theirs.
 */

export interface CallOpts {
  /** Milliseconds before the call gives up (DEADLINE_EXCEEDED); every call has one. */
  timeoutMs?: number;
  /** A player session's credential for this call, instead of the request context's. */
  sessionCredential?: string;
  /** The browser's address for this call, instead of the request context's (the gateway's). */
  clientAddress?: string;
}

/** One call as a client middleware sees it: each adds to its metadata, or sets its deadline. */
export interface ClientCall {
  /** The callee's full name and the method's name as the proto spells it (labels, spans). */
  service: string;
  method: string;
  request: unknown;
  metadata: Metadata;
  options: CallOpts;
  /** When the call gives up (callDeadline sets it). */
  deadline?: Date;
}

/** Runs `next` (the rest of the chain, then the call itself) and answers what it answers. */
export type ClientMiddleware = (
  call: ClientCall,
  next: (call: ClientCall) => Promise<unknown>,
) => Promise<unknown>;

/** The middleware in order, outermost first, ending in `send` (the call on the wire). */
export function clientChain(
  middleware: readonly ClientMiddleware[],
  send: (call: ClientCall) => Promise<unknown>,
): (call: ClientCall) => Promise<unknown> {
  return middleware.reduceRight<(call: ClientCall) => Promise<unknown>>(
    (next, step) => (call) => step(call, next),
    send,
  );
}

/** The status a call on the wire ended with (grpc-js's ServiceError); undefined for anything else. */
function callStatus(error: unknown): grpcStatus | undefined {
  const { code, metadata } = (error ?? {}) as Partial<ServiceError>;
  return error instanceof Error && typeof code === 'number' && metadata instanceof Metadata
    ? code
    : undefined;
}

/**
 * Errors: a status the callee answered becomes an AppError (errors.ts's one map), its outages
 * named after `serviceLabel`; what failed before the call was made goes by as it is.
 */
export const mapCallErrors =
  (serviceLabel: string): ClientMiddleware =>
  (call, next) =>
    next(call).catch((error: unknown) => {
      throw callStatus(error) === undefined
        ? error
        : fromGrpcError(error as ServiceError, serviceLabel);
    });

/** Tracing: the call is a client span, and the callee goes on with its trace (traceparent). */
export const traceCall: ClientMiddleware = (call, next) =>
  tracer().startActiveSpan(
    `${call.service}/${call.method}`,
    {
      kind: SpanKind.CLIENT,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': call.service, 'rpc.method': call.method },
    },
    (span) => {
      for (const [key, value] of Object.entries(injectTraceContext({}))) {
        call.metadata.set(key, value);
      }
      return next(call).then(
        (response) => {
          span.setAttribute('rpc.grpc.status_code', grpcStatus.OK);
          span.end();
          return response;
        },
        (error: unknown) => {
          const code = callStatus(error);
          if (code !== undefined) span.setAttribute('rpc.grpc.status_code', code);
          failSpan(span, error as Error);
          span.end();
          throw error;
        },
      );
    },
  );

/** Service identity: this service's token for the callee (`audience`), when it has a credential. */
export const serviceIdentity =
  (credential: ServiceCredential | undefined, audience: string): ClientMiddleware =>
  async (call, next) => {
    const authorization = await credential?.authorizationFor(audience);
    if (authorization) call.metadata.set(SERVICE_AUTHORIZATION_HEADER, authorization);
    return next(call);
  };

/**
 * The request context goes on: its request id, the caller's credentials and the browser's
 * address, the call's options and the client's fixed `authorization` (tests) standing over it.
 */
export const forwardRequestContext =
  (authorization?: string): ClientMiddleware =>
  (call, next) => {
    const ctx = currentRequestContext();
    const values: [string, string | undefined][] = [
      [REQUEST_ID_HEADER, ctx?.requestId],
      [AUTHORIZATION_HEADER, authorization ?? ctx?.authorization],
      [SESSION_CREDENTIAL_HEADER, call.options.sessionCredential ?? ctx?.sessionCredential],
      [CLIENT_ADDRESS_HEADER, call.options.clientAddress ?? ctx?.clientAddress],
    ];
    for (const [key, value] of values) if (value) call.metadata.set(key, value);
    return next(call);
  };

/** The deadline: the call's `timeoutMs`, else the client's default. */
export const callDeadline =
  (defaultTimeoutMs: number): ClientMiddleware =>
  (call, next) =>
    next({
      ...call,
      deadline: new Date(Date.now() + (call.options.timeoutMs ?? defaultTimeoutMs)),
    });

/** Metrics: the call's duration on the wire, and its count by status code. */
export const measureCall: ClientMiddleware = (call, next) =>
  measuredCall(
    grpcClientMetrics,
    call,
    (error) => callStatus(error) ?? grpcStatus.UNKNOWN,
    () => next(call),
  );
