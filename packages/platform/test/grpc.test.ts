import type { Metadata } from '@grpc/grpc-js';
import { authV1 } from '@ballmatch/proto';
import {
  AppError,
  checkGrpcHealth,
  createGrpcClient,
  createGrpcServer,
  createLogger,
  currentRequestContext,
  runWithRequestContext,
  type Authenticate,
  type CallContext,
} from '../src';
import { signedIn, testUser } from './grpc-fixtures';

const logger = createLogger('test', 'silent');

/** Stands in for the token check: 'Bearer admin-token' is an admin, any other value is refused. */
const authenticate: Authenticate = async (metadata: Metadata) => {
  const value = metadata.get('authorization')[0];
  if (value === undefined) return { role: 'guest' };
  if (value === 'Bearer admin-token') {
    return { role: 'admin', id: 'a1', tokenId: 't1', expiresAt: 0 };
  }
  throw new AppError('UNAUTHENTICATED', 'Not authenticated');
};

describe('gRPC server and client helpers', () => {
  const server = createGrpcServer(logger, { authenticate });
  let port = 0;
  let seen: CallContext | undefined;
  let releaseSlow = () => {};

  beforeAll(async () => {
    const notUsed = async () => {
      throw new AppError('INTERNAL', 'not used here');
    };
    // The email picks the behaviour under test.
    server.add(authV1.AuthServiceService, {
      login: async (req, ctx) => {
        seen = ctx;
        expect(currentRequestContext()?.requestId).toBe(ctx.requestId);
        if (req.email === 'missing') throw new AppError('NOT_FOUND', 'User not found');
        // The thing under test is the caller's deadline: the handler outlives it on purpose,
        // answering only once the test saw the call fail.
        if (req.email === 'slow') await new Promise<void>((r) => (releaseSlow = r));
        if (req.email === 'crash') throw new Error('boom');
        return signedIn(testUser(req.email));
      },
      register: notUsed,
      adminLogin: notUsed,
      requestPasswordReset: notUsed,
      resetPassword: notUsed,
    });
    server.add(
      authV1.AccountServiceService,
      {
        getCurrentUser: async (_req, ctx) => ({
          user: testUser(ctx.caller.role === 'guest' ? '' : ctx.caller.id),
        }),
        updateProfile: notUsed,
        logout: notUsed,
        deleteAccount: notUsed,
      },
      { access: 'admin' },
    );
    port = await server.start('127.0.0.1', 0);
  });

  afterAll(() => server.stop(1000));

  const login = (email: string) => ({ email, password: '' });
  const client = () =>
    createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, `127.0.0.1:${port}`, {
      serviceLabel: 'auth',
    });
  const account = (authorization?: string) =>
    createGrpcClient(
      authV1.AccountServiceClient,
      authV1.AccountServiceService,
      `127.0.0.1:${port}`,
      { serviceLabel: 'auth', authorization },
    );

  it('answers, carrying the request id and the caller through metadata', async () => {
    const c = client();
    const answer = await runWithRequestContext(
      { requestId: 'req-123', authorization: 'Bearer admin-token' },
      () => c.login(login('u1')),
    );
    expect(answer.user?.username).toBe('ann');
    expect(seen?.requestId).toBe('req-123');
    expect(seen?.caller).toEqual({ role: 'admin', id: 'a1', tokenId: 't1', expiresAt: 0 });
    await c.login(login('u2'));
    expect(seen?.caller).toEqual({ role: 'guest' });
    c.close();
  });

  it('refuses a bad credential before the handler runs, even on a public service', async () => {
    const c = client();
    seen = undefined;
    await expect(
      runWithRequestContext({ requestId: 'r', authorization: 'Bearer forged' }, () =>
        c.login(login('u1')),
      ),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(seen).toBeUndefined();
    c.close();
  });

  it("enforces the service's access: an admin service refuses guests", async () => {
    const guest = account();
    await expect(guest.getCurrentUser({})).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const admin = account('Bearer admin-token');
    expect((await admin.getCurrentUser({})).user?.id).toBe('a1');
    guest.close();
    admin.close();
  });

  it('maps domain errors and hides crashes', async () => {
    const c = client();
    await expect(c.login(login('missing'))).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    await expect(c.login(login('crash'))).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'Internal error',
    });
    c.close();
  });

  it('gives every call a deadline', async () => {
    const c = client();
    await expect(c.login(login('slow'), { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'DEADLINE_EXCEEDED',
    });
    releaseSlow();
    c.close();
  });

  it('reports SERVING on the standard health service', async () => {
    expect(await checkGrpcHealth(`127.0.0.1:${port}`)).toBe('SERVING');
    expect(await checkGrpcHealth(`127.0.0.1:${port}`, 'auth.v1.AuthService')).toBe('SERVING');
  });

  it('reports NOT_SERVING while draining', async () => {
    const draining = createGrpcServer(logger, { authenticate });
    const p = await draining.start('127.0.0.1', 0);
    expect(await checkGrpcHealth(`127.0.0.1:${p}`)).toBe('SERVING');
    await draining.stop(100);
    expect(await checkGrpcHealth(`127.0.0.1:${p}`)).toBe('UNREACHABLE');
  });

  it('fails fast with UNAVAILABLE when nothing listens', async () => {
    const c = createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, '127.0.0.1:1', {
      serviceLabel: 'auth',
    });
    await expect(c.login(login('x'))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    c.close();
  });
});
