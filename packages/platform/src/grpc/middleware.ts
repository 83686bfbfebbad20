import { status as grpcStatus, type Metadata, type ServiceError } from '@grpc/grpc-js';
import { AppError, toGrpcError } from '../errors';
import type { Logger } from '../logger';
import { grpcServerMetrics, type GrpcMetrics } from '../metrics';
import {
  context as traceContext,
  extractTraceContext,
  failSpan,
  SpanKind,
  trace,
  tracer,
} from '../tracing';
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

/**
 * What a gRPC server does around every handler, one job a middleware, as nice-grpc's server
 * middleware (unary calls only, so a `next` that returns the answer instead of an async
 * generator). server.ts composes them in one place; the order is theirs.
 */

/** One call as a middleware sees it. */
export interface ServerCall {
  /** The service's full name and the method's name as the proto spells it (labels, spans). */
  service: string;
  method: string;
  /** Who may call this method (server.ts's ServiceAccess). */
  access: Access;
  request: unknown;
  metadata: Metadata;
}

/**
 * One middleware: it gets the call and the context built so far (at least `Needs`), and runs
 * `next` with that context extended by `Ext`, or refuses the call by throwing. Past
 * `mapErrors`, a failed call rejects with its gRPC status (`toGrpcError`'s), as nice-grpc's
 * ServerError.
 */
export type ServerMiddleware<Ext extends object = object, Needs extends object = object> = <
  Ctx extends Needs,
>(
  call: ServerCall,
  context: Ctx,
  next: (context: Ctx & Ext) => Promise<unknown>,
) => Promise<unknown>;

/** The context every call starts with. */
export interface BaseContext {
  metadata: Metadata;
}

/** Middleware in order, outermost first (nice-grpc's `createServer().use(a).use(b)`). */
export interface MiddlewareChain<Ctx extends object> {
  /** A middleware needing what the context does not have yet is a type error here. */
  use<Ext extends object, Needs extends object>(
    middleware: ServerMiddleware<Ext, Needs>,
    ...missing: Ctx extends Needs ? [] : [missing: Exclude<keyof Needs, keyof Ctx>]
  ): MiddlewareChain<Ctx & Ext>;
  /** The chain ending in `handler`: what runs for each call. */
  to(
    handler: (request: unknown, context: Ctx) => Promise<unknown>,
  ): (call: ServerCall) => Promise<unknown>;
}

type Step = (call: ServerCall, context: object) => Promise<unknown>;

export function middlewareChain(): MiddlewareChain<BaseContext> {
  const chain = <Ctx extends object>(list: ServerMiddleware[]): MiddlewareChain<Ctx> => ({
    // What each middleware needs was checked by `use`'s type; the list holds them alike.
    use: (middleware: unknown, ..._missing: unknown[]) =>
      chain([...list, middleware as ServerMiddleware]),
    to(handler) {
      const run = list.reduceRight<Step>(
        (next, middleware) => (call, context) =>
          middleware(call, context, (extended) => next(call, extended)),
        async (call, context) => handler(call.request, context as Ctx),
      );
      return (call) => run(call, { metadata: call.metadata });
    },
  });
  return chain([]);
}

/** A metadata value as text (the first one), or undefined. */
function metadataText(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' ? value : undefined;
}

/** The gRPC status code a call ended with. */
const statusCodeOf = (error: unknown): grpcStatus =>
  (error as Partial<ServiceError> | undefined)?.code ?? grpcStatus.UNKNOWN;

/**
 * Runs a call timed on `duration` and counted on `handled` by the status code it ends with
 * (`codeOf` its failure): the server's metrics and the client's (client-middleware.ts).
 */
export async function measuredCall<T>(
  metrics: GrpcMetrics,
  call: { service: string; method: string },
  codeOf: (error: unknown) => grpcStatus,
  run: () => Promise<T>,
): Promise<T> {
  const labels = { grpc_service: call.service, grpc_method: call.method };
  const timer = metrics.duration.startTimer(labels);
  let code = grpcStatus.OK;
  try {
    return await run();
  } catch (error) {
    code = codeOf(error);
    throw error;
  } finally {
    timer();
    metrics.handled.inc({ ...labels, grpc_code: grpcStatus[code] ?? 'UNKNOWN' });
  }
}

/** Metrics: the call's duration, and its count by status code. */
export const measureCall: ServerMiddleware = (call, context, next) =>
  measuredCall(grpcServerMetrics, call, statusCodeOf, () => next(context));

/** Tracing: the caller's trace goes on here (its traceparent metadata), with this call as a span. */
export const traceCall: ServerMiddleware = (call, context, next) => {
  const parent = extractTraceContext({
    traceparent: metadataText(call.metadata, 'traceparent'),
    tracestate: metadataText(call.metadata, 'tracestate'),
  });
  const span = tracer().startSpan(
    `${call.service}/${call.method}`,
    {
      kind: SpanKind.SERVER,
      attributes: { 'rpc.system': 'grpc', 'rpc.service': call.service, 'rpc.method': call.method },
    },
    parent,
  );
  return traceContext
    .with(trace.setSpan(parent, span), () => next(context))
    .then(
      (response) => {
        span.setAttribute('rpc.grpc.status_code', grpcStatus.OK);
        span.end();
        return response;
      },
      (error: unknown) => {
        span.setAttribute('rpc.grpc.status_code', statusCodeOf(error));
        failSpan(span, error);
        span.end();
        throw error;
      },
    );
};

/**
 * The request context: the call's request id (a new one if it has none worth keeping), and the
 * caller's credentials, so calls the handler makes to other services go on its behalf.
 */
export const requestContext: ServerMiddleware<{ requestId: string }> = (call, context, next) => {
  const requestId = sanitizeRequestId(call.metadata.get(REQUEST_ID_HEADER)[0]);
  const forwarded = {
    requestId,
    authorization: metadataText(call.metadata, AUTHORIZATION_HEADER),
    sessionCredential: metadataText(call.metadata, SESSION_CREDENTIAL_HEADER),
  };
  return runWithRequestContext(forwarded, () => next({ ...context, requestId }));
};

/**
 * Errors: an AppError becomes its gRPC status (the one map, errors.ts); anything else is
 * INTERNAL, and logged (as an INTERNAL AppError is), in the call's request and span.
 */
export const mapErrors =
  (logger: Logger): ServerMiddleware =>
  async (call, context, next) => {
    try {
      return await next(context);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'INTERNAL') {
        logger.error({ err: error, method: call.method }, 'gRPC handler failed');
      }
      throw toGrpcError(error);
    }
  };

/**
 * Authentication: the player's credential (caller.ts) and the calling service's identity
 * (service-identity.ts), read together; a bad one of either refuses the call.
 */
export const authenticateCall =
  (
    authenticate: Authenticate,
    identifyService: IdentifyService | undefined,
  ): ServerMiddleware<{ caller: Caller; callingService: ServiceName | null }> =>
  async (call, context, next) => {
    const [caller, callingService] = await Promise.all([
      authenticate(call.metadata),
      identifyService?.(call.metadata) ?? null,
    ]);
    return next({ ...context, caller, callingService });
  };

/** Access: the method's `Access` (caller.ts's checkAccess), before the handler runs. */
export const checkMethodAccess: ServerMiddleware<
  object,
  { caller: Caller; callingService: ServiceName | null }
> = async (call, context, next) => {
  checkAccess(call.access, context);
  return next(context);
};

/** The browser's address (`x-client-address`), believed from the gateway's identity only. */
export const clientAddress: ServerMiddleware<
  { clientAddress: string | null },
  { callingService: ServiceName | null }
> = (call, context, next) => {
  const address = call.metadata.get(CLIENT_ADDRESS_HEADER);
  const believed =
    context.callingService === EDGE_SERVICE &&
    address.length === 1 &&
    typeof address[0] === 'string'
      ? address[0]
      : null;
  return next({ ...context, clientAddress: believed });
};
