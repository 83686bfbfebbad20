import { Writable } from 'node:stream';
import { Metadata } from '@grpc/grpc-js';
import { authV1 } from '@ballmatch/proto';
import {
  AppError,
  createGrpcClient,
  createGrpcServer,
  createLogger,
  currentRequestContext,
  metricsRegistry,
  runWithRequestContext,
  trace,
  type Authenticate,
  type CallContext,
} from '../src';
import { middlewareChain, type ServerCall, type ServerMiddleware } from '../src/grpc/middleware';
import { recordSpans } from '../src/testing';
import { signedIn, testUser } from './grpc-fixtures';

/**
 * What every gRPC server does around a handler, seen from outside: the server span, the two
 * metrics, the request context and the log line of a crash, for answered and refused calls.
 * (grpc.test.ts has the answers themselves; service-identity.test.ts the service identity.)
 */

const authenticate: Authenticate = async (metadata: Metadata) => {
  const value = metadata.get('authorization')[0];
  if (value === undefined) return { role: 'guest' };
  if (value === 'Bearer user-token') return { role: 'user', id: 'u1', tokenId: 't', expiresAt: 0 };
  throw new AppError('UNAUTHENTICATED', 'Not authenticated');
};

const lines: Record<string, unknown>[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});
const logger = createLogger('probe', 'info', sink);

async function handled(method: string, code: string): Promise<number> {
  const metric = await metricsRegistry
    .getSingleMetric('ballmatch_grpc_server_handled_total')!
    .get();
  const sample = metric.values.find(
    (v) =>
      v.labels.grpc_service === 'auth.v1.AuthService' &&
      v.labels.grpc_method === method &&
      v.labels.grpc_code === code,
  );
  return sample?.value ?? 0;
}

async function timed(method: string): Promise<number> {
  const metric = await metricsRegistry
    .getSingleMetric('ballmatch_grpc_server_handling_seconds')!
    .get();
  const sample = metric.values.find(
    (v) =>
      (v as { metricName?: string }).metricName ===
        'ballmatch_grpc_server_handling_seconds_count' &&
      v.labels.grpc_service === 'auth.v1.AuthService' &&
      v.labels.grpc_method === method,
  );
  return sample?.value ?? 0;
}

describe('the gRPC server around every handler', () => {
  const recording = recordSpans();
  const server = createGrpcServer(logger, { authenticate });
  let port = 0;
  let seen: { ctx: CallContext; forwarded: unknown; spanId: string | undefined } | undefined;

  beforeAll(async () => {
    const notUsed = async () => {
      throw new AppError('INTERNAL', 'not used here');
    };
    server.add(
      authV1.AuthServiceService,
      {
        // The email picks the behaviour under test.
        login: async (req, ctx) => {
          seen = {
            ctx,
            forwarded: currentRequestContext(),
            spanId: trace.getActiveSpan()?.spanContext().spanId,
          };
          if (req.email === 'missing') throw new AppError('NOT_FOUND', 'User not found');
          if (req.email === 'crash') throw new Error('boom');
          return signedIn(testUser(req.email));
        },
        register: notUsed,
        adminLogin: notUsed,
        requestPasswordReset: notUsed,
        resetPassword: notUsed,
      },
      { methods: { register: 'user', adminLogin: 'admin' } },
    );
    port = await server.start('127.0.0.1', 0);
  });

  afterAll(async () => {
    await server.stop(1000);
    await recording.stop();
  });

  const client = () =>
    createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, `127.0.0.1:${port}`, {
      serviceLabel: 'auth',
    });
  const serverSpans = (name: string) =>
    recording.spans().filter((s) => s.name === `auth.v1.AuthService/${name}` && s.kind === 1);
  const clientSpans = (name: string) =>
    recording.spans().filter((s) => s.name === `auth.v1.AuthService/${name}` && s.kind === 2);

  it('an answered call: one server span under the caller, counted OK, the context forwarded', async () => {
    const c = client();
    const [ok, count] = [await handled('Login', 'OK'), await timed('Login')];
    await runWithRequestContext(
      { requestId: 'req-7', authorization: 'Bearer user-token', sessionCredential: 'cred-1' },
      () => c.login({ email: 'e1', password: '' }),
    );
    expect(seen?.ctx).toMatchObject({
      requestId: 'req-7',
      caller: { role: 'user', id: 'u1' },
      callingService: null,
      clientAddress: null,
    });
    expect(seen?.ctx.metadata.get('x-session-credential')).toEqual(['cred-1']);
    // Calls the handler makes go on behalf of the same caller, in the same request.
    expect(seen?.forwarded).toEqual({
      requestId: 'req-7',
      authorization: 'Bearer user-token',
      sessionCredential: 'cred-1',
    });
    const [span] = serverSpans('Login');
    expect(serverSpans('Login')).toHaveLength(1);
    expect(span!.attributes).toEqual({
      'rpc.system': 'grpc',
      'rpc.service': 'auth.v1.AuthService',
      'rpc.method': 'Login',
      'rpc.grpc.status_code': 0,
    });
    expect(span!.status.code).toBe(0);
    expect(seen?.spanId).toBe(span!.spanContext().spanId);
    expect(span!.parentSpanContext?.spanId).toBe(clientSpans('Login')[0]!.spanContext().spanId);
    expect(await handled('Login', 'OK')).toBe(ok + 1);
    expect(await timed('Login')).toBe(count + 1);
    c.close();
  });

  it('a request id that is not one is replaced', async () => {
    const c = client();
    await runWithRequestContext({ requestId: 'not an id <b>' }, () =>
      c.login({ email: 'e2', password: '' }),
    );
    expect(seen?.ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
    c.close();
  });

  it.each([
    // [credential, method, code, message]
    ['Bearer forged', 'login', 'UNAUTHENTICATED', 'Not authenticated'],
    [undefined, 'register', 'UNAUTHENTICATED', 'Not authenticated'],
    ['Bearer user-token', 'adminLogin', 'PERMISSION_DENIED', 'Admin access required'],
  ] as const)(
    'refused before the handler (%s on %s): %s, counted, its span failed, no log line',
    async (authorization, method, code, message) => {
      const rpc = method[0]!.toUpperCase() + method.slice(1);
      const c = client();
      const before = await handled(rpc, code);
      const spansBefore = serverSpans(rpc).length;
      const logged = lines.length;
      seen = undefined;
      await expect(
        runWithRequestContext({ requestId: 'r', authorization }, () =>
          c[method]({ email: 'e', password: '', username: 'u' } as authV1.LoginRequest &
            authV1.RegisterRequest),
        ),
      ).rejects.toMatchObject({ code, message });
      expect(seen).toBeUndefined();
      expect(await handled(rpc, code)).toBe(before + 1);
      const span = serverSpans(rpc)[spansBefore]!;
      expect(span.attributes['rpc.grpc.status_code']).toBe(code === 'UNAUTHENTICATED' ? 16 : 7);
      expect(span.status).toEqual({ code: 2, message: 'failed' });
      expect(lines.length).toBe(logged);
      c.close();
    },
  );

  it('a domain error is answered as such and not logged; a crash is logged in its request', async () => {
    const c = client();
    const [notFound, internal] = [
      await handled('Login', 'NOT_FOUND'),
      await handled('Login', 'INTERNAL'),
    ];
    const logged = lines.length;
    await expect(c.login({ email: 'missing', password: '' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    expect(lines.length).toBe(logged);
    await expect(
      runWithRequestContext({ requestId: 'req-crash' }, () =>
        c.login({ email: 'crash', password: '' }),
      ),
    ).rejects.toMatchObject({ code: 'INTERNAL', message: 'Internal error' });
    const span = serverSpans('Login').at(-1)!;
    expect(lines.slice(logged)).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'gRPC handler failed',
        method: 'Login',
        err: expect.objectContaining({ message: 'boom' }),
        requestId: 'req-crash',
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
      }),
    ]);
    expect(span.attributes['rpc.grpc.status_code']).toBe(13);
    expect(await handled('Login', 'NOT_FOUND')).toBe(notFound + 1);
    expect(await handled('Login', 'INTERNAL')).toBe(internal + 1);
    c.close();
  });
});

describe('middlewareChain: the compose the server is built with', () => {
  const call = (): ServerCall => ({
    service: 's',
    method: 'M',
    access: 'public',
    request: { n: 1 },
    metadata: new Metadata(),
  });

  it('runs middleware outermost first, each adding to the context the next one gets', async () => {
    const order: string[] = [];
    const tag =
      <K extends string>(key: K): ServerMiddleware<Record<K, number>> =>
      async (_call, context, next) => {
        order.push(`${key} in`);
        const answer = await next({ ...context, [key]: order.length } as typeof context &
          Record<K, number>);
        order.push(`${key} out`);
        return answer;
      };
    const run = middlewareChain()
      .use(tag('a'))
      .use(tag('b'))
      .to(async (request, context) => {
        order.push('handler');
        return { request, a: context.a, b: context.b, metadata: context.metadata };
      });
    const c = call();
    expect(await run(c)).toEqual({ request: { n: 1 }, a: 1, b: 2, metadata: c.metadata });
    expect(order).toEqual(['a in', 'b in', 'handler', 'b out', 'a out']);
  });

  it("a handler's failure, thrown or not, reaches every middleware on its way out", async () => {
    const seen: unknown[] = [];
    const watch: ServerMiddleware = (_call, context, next) =>
      next(context).catch((error: unknown) => {
        seen.push(error);
        throw error;
      });
    const run = middlewareChain()
      .use(watch)
      .use(watch)
      .to(() => {
        throw new Error('at once');
      });
    await expect(run(call())).rejects.toThrow('at once');
    expect(seen).toHaveLength(2);
  });
});
