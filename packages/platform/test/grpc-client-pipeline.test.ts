import {
  Metadata,
  Server,
  ServerCredentials,
  status,
  type sendUnaryData,
  type ServerUnaryCall,
} from '@grpc/grpc-js';
import { authV1 } from '@ballmatch/proto';
import {
  AppError,
  createGrpcClient,
  metricsRegistry,
  runWithRequestContext,
  type ServiceCredential,
} from '../src';
import { recordSpans } from '../src/testing';
import { signedIn, testUser } from './grpc-fixtures';

/**
 * What every gRPC client call does, seen from a bare grpc-js server: the metadata it carries
 * (request context, call options, service identity, trace), its deadline, its span, its two
 * metrics and the error it fails with. (grpc.test.ts has the answers; grpc-server-pipeline.test.ts
 * the server's side.)
 */

interface Seen {
  metadata: Record<string, unknown>;
  deadline: number;
}

async function clientMetric(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(name)!.get();
  const sample = metric.values.find(
    (v) =>
      (name.endsWith('_total') || (v as { metricName?: string }).metricName === `${name}_count`) &&
      Object.entries(labels).every(([key, value]) => v.labels[key] === value),
  );
  return sample?.value ?? 0;
}
const labels = { grpc_service: 'auth.v1.AuthService', grpc_method: 'Login' };
const handled = (code: string) =>
  clientMetric('ballmatch_grpc_client_handled_total', { ...labels, grpc_code: code });
const timed = () => clientMetric('ballmatch_grpc_client_handling_seconds', labels);

describe('every gRPC client call', () => {
  const recording = recordSpans();
  const server = new Server();
  let address = '';
  let seen: Seen | undefined;

  beforeAll(async () => {
    const login = (
      call: ServerUnaryCall<authV1.LoginRequest, authV1.LoginResponse>,
      callback: sendUnaryData<authV1.LoginResponse>,
    ) => {
      const deadline = call.getDeadline();
      seen = {
        metadata: call.metadata.getMap(),
        deadline: deadline instanceof Date ? deadline.getTime() : Number(deadline),
      };
      if (call.request.email === 'missing') {
        const metadata = new Metadata();
        metadata.set('x-error-field', 'email');
        callback({ code: status.NOT_FOUND, details: 'User not found', metadata });
      } else if (call.request.email === 'down') {
        callback({ code: status.UNAVAILABLE, details: 'gone' });
      } else {
        callback(null, signedIn(testUser(call.request.email)));
      }
    };
    server.addService(authV1.AuthServiceService, { login, register: login, adminLogin: login });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (err, p) =>
        err ? reject(err) : resolve(p),
      ),
    );
    address = `127.0.0.1:${port}`;
  });

  afterAll(async () => {
    server.forceShutdown();
    await recording.stop();
  });

  const credential: ServiceCredential = {
    name: 'scores',
    authorizationFor: async (audience) => `Bearer token-for-${audience}`,
  };
  const client = (options: Partial<Parameters<typeof createGrpcClient>[3]> = {}) =>
    createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, address, {
      serviceLabel: 'auth',
      ...options,
    });
  const login = (email: string) => ({ email, password: '' });
  const clientSpans = () =>
    recording.spans().filter((s) => s.name === 'auth.v1.AuthService/Login' && s.kind === 2);

  it("carries the request context (request id, caller's credentials, client address)", async () => {
    const c = client();
    await runWithRequestContext(
      {
        requestId: 'req-1',
        authorization: 'Bearer user-token',
        sessionCredential: 'cred-1',
        clientAddress: '203.0.113.7',
      },
      () => c.login(login('a')),
    );
    expect(seen?.metadata).toMatchObject({
      'x-request-id': 'req-1',
      authorization: 'Bearer user-token',
      'x-session-credential': 'cred-1',
      'x-client-address': '203.0.113.7',
    });
    expect(seen?.metadata).not.toHaveProperty('x-service-authorization');
    c.close();
  });

  it("the call's options and the client's authorization stand over the request context's", async () => {
    const c = client({ authorization: 'Bearer fixed' });
    await runWithRequestContext(
      { requestId: 'req-2', authorization: 'Bearer user-token', sessionCredential: 'cred-1' },
      () => c.login(login('a'), { sessionCredential: 'cred-2', clientAddress: '198.51.100.1' }),
    );
    expect(seen?.metadata).toMatchObject({
      'x-request-id': 'req-2',
      authorization: 'Bearer fixed',
      'x-session-credential': 'cred-2',
      'x-client-address': '198.51.100.1',
    });
    c.close();
  });

  it('outside a request it carries none of them', async () => {
    const c = client();
    await c.login(login('a'));
    for (const key of [
      'x-request-id',
      'authorization',
      'x-session-credential',
      'x-client-address',
    ]) {
      expect(seen?.metadata).not.toHaveProperty(key);
    }
    c.close();
  });

  it("carries this service's identity, addressed to the callee", async () => {
    const c = client({ credential });
    await c.login(login('a'));
    expect(seen?.metadata['x-service-authorization']).toBe('Bearer token-for-auth');
    c.close();
  });

  it.each([
    ['the call’s', { defaultTimeoutMs: 9_000 }, { timeoutMs: 20_000 }, 20_000],
    ['the client’s default', { defaultTimeoutMs: 9_000 }, {}, 9_000],
    ['3 s without either', {}, {}, 3_000],
  ] as const)('has a deadline: %s', async (_, options, opts, ms) => {
    const c = client(options);
    const before = Date.now();
    await c.login(login('a'), opts);
    expect(seen!.deadline).toBeGreaterThanOrEqual(before + ms - 1_000);
    expect(seen!.deadline).toBeLessThanOrEqual(Date.now() + ms + 1_000);
    c.close();
  });

  it('is one client span the callee goes on with (traceparent), counted and timed as OK', async () => {
    const c = client();
    const [ok, count, spans] = [await handled('OK'), await timed(), clientSpans().length];
    await c.login(login('a'));
    expect(clientSpans()).toHaveLength(spans + 1);
    const span = clientSpans().at(-1)!;
    expect(span.attributes).toEqual({
      'rpc.system': 'grpc',
      'rpc.service': 'auth.v1.AuthService',
      'rpc.method': 'Login',
      'rpc.grpc.status_code': 0,
    });
    const { traceId, spanId } = span.spanContext();
    expect(seen?.metadata.traceparent).toMatch(new RegExp(`^00-${traceId}-${spanId}-0[01]$`));
    expect(await handled('OK')).toBe(ok + 1);
    expect(await timed()).toBe(count + 1);
    c.close();
  });

  it.each([
    [
      'an answer',
      'missing',
      'NOT_FOUND',
      status.NOT_FOUND,
      { message: 'User not found', details: { field: 'email' } },
    ],
    [
      'an outage',
      'down',
      'UNAVAILABLE',
      status.UNAVAILABLE,
      { message: 'The auth service is unavailable. Please try again shortly.' },
    ],
  ] as const)(
    'a failure (%s) is an AppError naming the callee; its span failed, counted by its code',
    async (_, email, code, grpcCode, expected) => {
      const c = client();
      const [before, spans] = [await handled(code), clientSpans().length];
      const failure = await c.login(login(email)).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ code, ...expected });
      const span = clientSpans()[spans]!;
      expect(span.attributes['rpc.grpc.status_code']).toBe(grpcCode);
      expect(span.status.code).toBe(2);
      expect(await handled(code)).toBe(before + 1);
      c.close();
    },
  );

  it('a credential that cannot sign fails the call before it is made: its span failed, not counted', async () => {
    const broken: ServiceCredential = {
      name: 'scores',
      authorizationFor: async () => {
        throw new Error('no key');
      },
    };
    const c = client({ credential: broken });
    const [count, spans] = [await timed(), clientSpans().length];
    seen = undefined;
    await expect(c.login(login('a'))).rejects.toThrow('no key');
    expect(seen).toBeUndefined();
    expect(clientSpans()[spans]!.status.code).toBe(2);
    expect(await timed()).toBe(count);
    c.close();
  });
});
