import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';

/**
 * The one error type that crosses every boundary. Domain code throws it with a code;
 * gRPC handlers turn it into a status (with field and retry-after in trailing metadata),
 * gRPC clients turn a status back into it, and the gateway turns it into an HTTP answer.
 */
export type ErrorCode =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'FAILED_PRECONDITION'
  | 'RESOURCE_EXHAUSTED'
  | 'UNAVAILABLE'
  | 'DEADLINE_EXCEEDED'
  /** A method the contract keeps (proto/released.json) that the service no longer serves. */
  | 'UNIMPLEMENTED'
  | 'INTERNAL';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

const grpcByCode: Record<ErrorCode, GrpcStatus> = {
  INVALID_ARGUMENT: GrpcStatus.INVALID_ARGUMENT,
  UNAUTHENTICATED: GrpcStatus.UNAUTHENTICATED,
  PERMISSION_DENIED: GrpcStatus.PERMISSION_DENIED,
  NOT_FOUND: GrpcStatus.NOT_FOUND,
  ALREADY_EXISTS: GrpcStatus.ALREADY_EXISTS,
  FAILED_PRECONDITION: GrpcStatus.FAILED_PRECONDITION,
  RESOURCE_EXHAUSTED: GrpcStatus.RESOURCE_EXHAUSTED,
  UNAVAILABLE: GrpcStatus.UNAVAILABLE,
  DEADLINE_EXCEEDED: GrpcStatus.DEADLINE_EXCEEDED,
  UNIMPLEMENTED: GrpcStatus.UNIMPLEMENTED,
  INTERNAL: GrpcStatus.INTERNAL,
};

const httpByCode: Record<ErrorCode, number> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  FAILED_PRECONDITION: 422,
  RESOURCE_EXHAUSTED: 429,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 503,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
};

export function httpStatusOf(error: AppError): number {
  return httpByCode[error.code];
}

export function grpcStatusOf(error: AppError): GrpcStatus {
  return grpcByCode[error.code];
}

const FIELD_KEY = 'x-error-field';
const RETRY_KEY = 'x-retry-after';
/**
 * Set on the errors a service answers itself, so its own UNAVAILABLE (payments not configured,
 * a board being rebuilt) keeps its message; a peer's outage it relays is named after it.
 */
const ANSWERED_KEY = 'x-error-answered';
/** The outages `fromGrpcError` made: relayed, they are not this service's own answer. */
const relayedOutages = new WeakSet<AppError>();

/**
 * PostgreSQL refuses a NUL character in text (22021, 'invalid byte sequence for encoding
 * "UTF8": 0x00'). Each service's validation refuses it first, naming the field; this is the
 * net under a check that was missed: the caller sent bad input, it is not the server's fault.
 */
function nulInText(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '22021';
}

const LOST_CONNECTION = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

/**
 * A store that cannot be reached (PostgreSQL restarting: refused or dropped connections,
 * SQLSTATE class 08 or 57P01-57P03, no pooled connection in time) is an outage, not a fault:
 * the caller may retry, so it is UNAVAILABLE (503), never INTERNAL.
 */
function storeUnreachable(error: unknown): boolean {
  const { code, name, message } = (error ?? {}) as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  return (
    (typeof code === 'string' &&
      (LOST_CONNECTION.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) ||
    name === 'KnexTimeoutError' ||
    (typeof message === 'string' && /^Connection terminated/.test(message))
  );
}

/**
 * Anything a handler threw, as the AppError its caller gets: unknown errors become INTERNAL
 * (text PostgreSQL cannot store, INVALID_ARGUMENT; a store out of reach, UNAVAILABLE).
 */
export function toAppError(error: unknown): AppError {
  return error instanceof AppError
    ? error
    : nulInText(error)
      ? new AppError('INVALID_ARGUMENT', 'Text must not contain the NUL character')
      : storeUnreachable(error)
        ? new AppError(
            'UNAVAILABLE',
            'The service cannot reach its data. Please try again shortly.',
          )
        : new AppError('INTERNAL', 'Internal error');
}

/** Turns anything a handler threw into what grpc-js sends (by `toAppError`). */
export function toGrpcError(error: unknown): Partial<ServiceError> {
  const app = toAppError(error);
  const metadata = new Metadata();
  if (!relayedOutages.has(app)) metadata.set(ANSWERED_KEY, '1');
  if (app.details.field) metadata.set(FIELD_KEY, app.details.field);
  if (app.details.retryAfterSeconds !== undefined) {
    metadata.set(RETRY_KEY, String(app.details.retryAfterSeconds));
  }
  return { code: grpcStatusOf(app), details: app.message, metadata };
}

function outage(error: AppError): AppError {
  relayedOutages.add(error);
  return error;
}

/** Turns a failed gRPC call back into an AppError; `service` names the peer in outage messages. */
export function fromGrpcError(error: ServiceError, service: string): AppError {
  if (error.code === GrpcStatus.DEADLINE_EXCEEDED) {
    return new AppError(
      'DEADLINE_EXCEEDED',
      `The ${service} service did not answer in time. Please try again.`,
    );
  }
  const answered = error.metadata?.get(ANSWERED_KEY)[0] !== undefined;
  if (error.code === GrpcStatus.UNAVAILABLE && answered && error.details) {
    // The service is up and said why it cannot serve this (e.g. payments not configured).
    return new AppError('UNAVAILABLE', error.details);
  }
  if (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.CANCELLED) {
    return outage(
      new AppError(
        'UNAVAILABLE',
        `The ${service} service is unavailable. Please try again shortly.`,
      ),
    );
  }
  const code = (Object.keys(grpcByCode) as ErrorCode[]).find((c) => grpcByCode[c] === error.code);
  if (!code || code === 'INTERNAL') return new AppError('INTERNAL', 'Internal error');
  const field = error.metadata?.get(FIELD_KEY)[0];
  const retry = error.metadata?.get(RETRY_KEY)[0];
  return new AppError(code, error.details || error.message, {
    field: field !== undefined ? String(field) : undefined,
    retryAfterSeconds: retry !== undefined ? Number(retry) : undefined,
  });
}
