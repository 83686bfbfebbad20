import { authV1 } from '@ballmatch/proto';
import {
  AppError,
  checkGrpcHealth,
  createGrpcClient,
  createGrpcServer,
  createLogger,
  currentRequestContext,
  runWithRequestContext,
} from '../src';

const logger = createLogger('test', 'silent');

describe('gRPC server and client helpers', () => {
  const server = createGrpcServer(logger);
  let port = 0;
  let seenRequestId: string | undefined;

  beforeAll(async () => {
    const notUsed = async () => {
      throw new AppError('INTERNAL', 'not used here');
    };
    server.add(authV1.AuthServiceService, 'auth.v1.AuthService', {
      getUser: async (req, ctx) => {
        seenRequestId = ctx.requestId;
        expect(currentRequestContext()?.requestId).toBe(ctx.requestId);
        if (req.userId === 'missing') throw new AppError('NOT_FOUND', 'User not found');
        if (req.userId === 'slow') await new Promise((r) => setTimeout(r, 500));
        if (req.userId === 'crash') throw new Error('boom');
        return {
          id: req.userId,
          username: 'ann',
          email: 'a@b.c',
          type: 1,
          evmWallet: '',
          createdAt: '',
        };
      },
      register: notUsed,
      login: notUsed,
      adminLogin: notUsed,
      updateProfile: notUsed,
      logout: notUsed,
    });
    port = await server.start('127.0.0.1', 0);
  });

  afterAll(() => server.stop(1000));

  const client = () =>
    createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, `127.0.0.1:${port}`, {
      serviceLabel: 'auth',
    });

  it('answers, carrying the caller request id through metadata', async () => {
    const c = client();
    const user = await runWithRequestContext({ requestId: 'req-123' }, () =>
      c.getUser({ userId: 'u1' }),
    );
    expect(user.username).toBe('ann');
    expect(seenRequestId).toBe('req-123');
    c.close();
  });

  it('maps domain errors and hides crashes', async () => {
    const c = client();
    await expect(c.getUser({ userId: 'missing' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'User not found',
    });
    await expect(c.getUser({ userId: 'crash' })).rejects.toMatchObject({
      code: 'INTERNAL',
      message: 'Internal error',
    });
    c.close();
  });

  it('gives every call a deadline', async () => {
    const c = client();
    await expect(c.getUser({ userId: 'slow' }, { timeoutMs: 50 })).rejects.toMatchObject({
      code: 'DEADLINE_EXCEEDED',
    });
    c.close();
  });

  it('reports SERVING on the standard health service', async () => {
    expect(await checkGrpcHealth(`127.0.0.1:${port}`)).toBe('SERVING');
    expect(await checkGrpcHealth(`127.0.0.1:${port}`, 'auth.v1.AuthService')).toBe('SERVING');
  });

  it('reports NOT_SERVING while draining', async () => {
    const draining = createGrpcServer(logger);
    const p = await draining.start('127.0.0.1', 0);
    expect(await checkGrpcHealth(`127.0.0.1:${p}`)).toBe('SERVING');
    await draining.stop(100);
    expect(await checkGrpcHealth(`127.0.0.1:${p}`)).toBe('UNREACHABLE');
  });

  it('fails fast with UNAVAILABLE when nothing listens', async () => {
    const c = createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, '127.0.0.1:1', {
      serviceLabel: 'auth',
    });
    await expect(c.getUser({ userId: 'x' })).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    c.close();
  });
});
