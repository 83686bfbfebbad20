import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import { AppError, createKnex, fromGrpcError, httpStatusOf, toGrpcError } from '../src';

function asServiceError(partial: Partial<ServiceError>): ServiceError {
  return Object.assign(new Error(partial.details), {
    metadata: new Metadata(),
    ...partial,
  }) as ServiceError;
}

describe('one error map: domain → gRPC → HTTP', () => {
  it.each([
    ['INVALID_ARGUMENT', status.INVALID_ARGUMENT, 400],
    ['UNAUTHENTICATED', status.UNAUTHENTICATED, 401],
    ['PERMISSION_DENIED', status.PERMISSION_DENIED, 403],
    ['NOT_FOUND', status.NOT_FOUND, 404],
    ['ALREADY_EXISTS', status.ALREADY_EXISTS, 409],
    ['FAILED_PRECONDITION', status.FAILED_PRECONDITION, 422],
    ['RESOURCE_EXHAUSTED', status.RESOURCE_EXHAUSTED, 429],
    ['UNIMPLEMENTED', status.UNIMPLEMENTED, 501],
  ] as const)(
    '%s crosses as gRPC %i and HTTP %i with its field and retry-after',
    (code, grpc, http) => {
      const sent = toGrpcError(new AppError(code, 'why', { field: 'email', retryAfterSeconds: 7 }));
      expect(sent.code).toBe(grpc);
      const received = fromGrpcError(asServiceError(sent), 'auth');
      expect(received).toMatchObject({
        code,
        message: 'why',
        details: { field: 'email', retryAfterSeconds: 7 },
      });
      expect(httpStatusOf(received)).toBe(http);
    },
  );

  it('hides unexpected errors as INTERNAL', () => {
    const sent = toGrpcError(new TypeError('secret stack detail'));
    expect(sent).toMatchObject({ code: status.INTERNAL, details: 'Internal error' });
    expect(httpStatusOf(fromGrpcError(asServiceError(sent), 'auth'))).toBe(500);
  });

  it("turns PostgreSQL's refusal of a NUL character into INVALID_ARGUMENT (400), not INTERNAL", () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
    });
    const sent = toGrpcError(pgError);
    expect(sent).toMatchObject({
      code: status.INVALID_ARGUMENT,
      details: 'Text must not contain the NUL character',
    });
    expect(httpStatusOf(fromGrpcError(asServiceError(sent), 'auth'))).toBe(400);
  });

  it('turns a database out of reach into UNAVAILABLE (503), not INTERNAL', async () => {
    // A real driver error: nothing listens on port 1.
    const db = createKnex({ url: 'postgres://postgres@127.0.0.1:1/none', schema: 'public' });
    const failure = await db.raw('select 1').catch((error: unknown) => error);
    await db.destroy();
    const sent = toGrpcError(failure);
    expect(sent).toMatchObject({ code: status.UNAVAILABLE });
    expect(httpStatusOf(fromGrpcError(asServiceError(sent), 'auth'))).toBe(503);
    const terminated = toGrpcError(new Error('Connection terminated unexpectedly'));
    expect(terminated).toMatchObject({ code: status.UNAVAILABLE });
    expect(toGrpcError(Object.assign(new Error('x'), { code: '57P01' }))).toMatchObject({
      code: status.UNAVAILABLE,
    });
  });

  it('turns an unreachable peer into 503 naming the service', () => {
    const error = fromGrpcError(
      asServiceError({ code: status.UNAVAILABLE, details: 'No connection established' }),
      'auth',
    );
    expect(httpStatusOf(error)).toBe(503);
    expect(error.message).toBe('The auth service is unavailable. Please try again shortly.');
  });

  it("keeps the message of a service's own UNAVAILABLE answer (503 with its reason)", () => {
    const sent = toGrpcError(new AppError('UNAVAILABLE', 'Payment System Not Available'));
    const error = fromGrpcError(asServiceError(sent), 'ads');
    expect(httpStatusOf(error)).toBe(503);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: 'Payment System Not Available' });
  });

  it("names the service called when it relays a peer's outage", () => {
    const peerDown = fromGrpcError(
      asServiceError({ code: status.UNAVAILABLE, details: 'No connection established' }),
      'auth',
    );
    const relayed = fromGrpcError(asServiceError(toGrpcError(peerDown)), 'scores');
    expect(relayed.message).toBe('The scores service is unavailable. Please try again shortly.');
  });
});
