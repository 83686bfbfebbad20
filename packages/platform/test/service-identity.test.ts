import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authV1 } from '@ballmatch/proto';
import {
  AppError,
  createGrpcClient,
  createGrpcServer,
  createLogger,
  createServiceAuthenticator,
  createServiceCredential,
  loadServicePublicKeys,
  runWithRequestContext,
  serviceIdentityFromConfig,
  type CallContext,
  type ServiceCredential,
} from '../src';

const logger = createLogger('test', 'silent');
const pair = () => generateKeyPairSync('ed25519');
const pem = (key: ReturnType<typeof pair>['publicKey']) =>
  key.export({ type: 'spki', format: 'pem' }).toString();

describe('service identity: a service signs its calls, the callee knows its callers', () => {
  const scoresOld = pair();
  const scoresNew = pair();
  const gateway = pair();
  let clock = Date.now();
  const now = () => clock;
  const server = createGrpcServer(logger, {
    authenticate: async () => ({ role: 'guest' }),
    identifyService: createServiceAuthenticator({
      audience: 'auth',
      // Both of scores' keys while it rotates: the bundle of two PEMs.
      callers: {
        scores: loadServicePublicKeys(
          'scores',
          pem(scoresNew.publicKey) + pem(scoresOld.publicKey),
        ),
        gateway: [gateway.publicKey],
      },
      now,
    }),
  });
  let seen: CallContext | undefined;
  let port = 0;

  beforeAll(async () => {
    const answer = async (_req: unknown, ctx: CallContext) => {
      seen = ctx;
      return { ownerUserId: '', protected: false };
    };
    const notUsed = async () => {
      throw new AppError('INTERNAL', 'not used here');
    };
    server.add(
      authV1.NameServiceService,
      { resolveName: answer, listNames: notUsed },
      { access: 'public', methods: { resolveName: { service: ['scores', 'gateway'] } } },
    );
    server.add(
      authV1.AuthServiceService,
      {
        login: async (_req, ctx) => {
          seen = ctx;
          return { user: undefined, token: '', expiresAt: 0 };
        },
        register: notUsed,
        adminLogin: notUsed,
        requestPasswordReset: notUsed,
        resetPassword: notUsed,
      },
      { methods: { adminLogin: { service: ['gateway'] } } },
    );
    port = await server.start('127.0.0.1', 0);
  });
  afterAll(() => server.stop(1000));

  const names = (credential?: ServiceCredential) =>
    createGrpcClient(authV1.NameServiceClient, authV1.NameServiceService, `127.0.0.1:${port}`, {
      serviceLabel: 'auth',
      credential,
    });
  const signer = (name: 'scores' | 'gateway' | 'sessions', key: ReturnType<typeof pair>) =>
    createServiceCredential({ name, privateKey: key.privateKey, now });
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'OK',
      (e: unknown) => (e instanceof AppError ? e.code : String(e)),
    );

  it('a method for services: no identity is UNAUTHENTICATED, one not listed PERMISSION_DENIED', async () => {
    const clients = [
      names(),
      names(signer('sessions', pair())),
      names(signer('scores', pair())),
      names(signer('scores', scoresOld)),
      names(signer('scores', scoresNew)),
      names(signer('gateway', gateway)),
    ];
    const codes = await Promise.all(clients.map((c) => codeOf(c.resolveName({ name: 'x' }))));
    // none, an unknown service, scores with a key auth does not hold, scores' old and new keys
    // (a rotation), the gateway.
    expect(codes).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'OK',
      'OK',
      'OK',
    ]);
    clients.forEach((c) => c.close());
  });

  it('a token lives two minutes: reused for one, refused once expired', async () => {
    const scores = signer('scores', scoresNew);
    const first = await scores.authorizationFor('auth');
    clock += 59_000;
    expect(await scores.authorizationFor('auth')).toBe(first);
    expect(await scores.authorizationFor('sessions')).not.toBe(first);
    clock += 2_000;
    expect(await scores.authorizationFor('auth')).not.toBe(first);
    // A token replayed after its two minutes (and the clocks' 5 s of tolerance) is refused.
    const replayed = createGrpcClient(
      authV1.NameServiceClient,
      authV1.NameServiceService,
      `127.0.0.1:${port}`,
      {
        serviceLabel: 'auth',
        credential: { name: 'scores', authorizationFor: async () => first },
      },
    );
    expect(await codeOf(replayed.resolveName({ name: 'x' }))).toBe('OK');
    // Verified once and remembered (one signature check a token), until its last second.
    clock += 63_000;
    expect(await codeOf(replayed.resolveName({ name: 'x' }))).toBe('OK');
    clock += 2_000;
    expect(await codeOf(replayed.resolveName({ name: 'x' }))).toBe('UNAUTHENTICATED');
    replayed.close();
  });

  it("the client's address is believed from the gateway's identity only", async () => {
    const loginAs = (credential?: ServiceCredential) =>
      createGrpcClient(authV1.AuthServiceClient, authV1.AuthServiceService, `127.0.0.1:${port}`, {
        serviceLabel: 'auth',
        credential,
      });
    const login = { email: '', password: '' };
    const fromGateway = loginAs(signer('gateway', gateway));
    await runWithRequestContext({ requestId: 'r1', clientAddress: '203.0.113.5' }, () =>
      fromGateway.login(login),
    );
    expect(seen).toMatchObject({ callingService: 'gateway', clientAddress: '203.0.113.5' });
    for (const other of [loginAs(), loginAs(signer('scores', scoresNew))]) {
      await other.login(login, { clientAddress: '203.0.113.6' });
      expect(seen!.clientAddress).toBeNull();
      other.close();
    }
    // The service's other methods keep their access: one method for the gateway only.
    const direct = loginAs();
    expect(await codeOf(direct.adminLogin({ username: '', password: '' }))).toBe('UNAUTHENTICATED');
    direct.close();
    fromGateway.close();
  });

  it('in development each service gets its own key pair under the key folder', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-keys-'));
    try {
      const config = { JWT_DEV_KEY_DIR: dir };
      const scores = serviceIdentityFromConfig(config, {
        name: 'scores',
        signs: true,
        callers: [],
      });
      const auth = serviceIdentityFromConfig(config, {
        name: 'auth',
        signs: false,
        callers: ['scores'],
      });
      const { Metadata } = await import('@grpc/grpc-js');
      const metadata = new Metadata();
      metadata.set('x-service-authorization', await scores.credential!.authorizationFor('auth'));
      expect(await auth.identify(metadata)).toBe('scores');
      expect(fs.readdirSync(dir)).toEqual(['service-scores-ed25519-private.pem']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
