import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import {
  AppError,
  connectRedis,
  createGrpcClient,
  revokeToken,
  SERVICE_AUTHORIZATION_HEADER,
  type CallOpts,
  type Redis,
  type ServiceCredential,
  type ServiceName,
} from '@ballmatch/platform';
import { createTestCredentials } from '@ballmatch/platform/testing';
import { adsV1, authV1, contentV1, scoresV1, sessionsV1 } from '@ballmatch/proto';
import { callRawGrpc } from './raw-grpc';
import { client, startStack, type Stack } from './stack';

/**
 * Every service checks its callers itself: each method of every admin-only (and account and
 * advertiser) gRPC service is called straight over gRPC, past the gateway, with no credential, a
 * forged one, an expired one, a revoked one and a player's, and must refuse each before doing
 * anything.
 */
interface Method {
  path: string;
}
type Definition = Record<string, Method>;

/** Each service's gRPC address in the stack. */
const addressesOf = (stack: Stack) => ({
  auth: stack.gatewayEnv.AUTH_ADDR!,
  sessions: stack.gatewayEnv.SESSIONS_ADDR!,
  scores: stack.gatewayEnv.SCORES_ADDR!,
  ads: stack.gatewayEnv.ADS_ADDR!,
  content: stack.gatewayEnv.CONTENT_ADDR!,
});

/** Every generated service definition whose name ends with `suffix`, with its address. */
function servicesEndingWith(suffix: string, stack: Stack) {
  const addresses = addressesOf(stack);
  const packages = {
    auth: authV1,
    sessions: sessionsV1,
    scores: scoresV1,
    ads: adsV1,
    content: contentV1,
  };
  return Object.entries(packages).flatMap(([name, pkg]) =>
    Object.entries(pkg)
      .filter(([exported]) => exported.endsWith(`${suffix}Service`))
      .map(([exported, definition]) => ({
        name: exported.replace(/Service$/, ''),
        address: addresses[name as keyof typeof addresses],
        methods: Object.values(definition as Definition).map((m) => m.path),
      })),
  );
}

let stack: Stack;
let redis: Redis;
const outsider = createTestCredentials(); // a key the services do not trust
beforeAll(async () => {
  stack = await startStack();
  redis = await connectRedis({
    url: 'redis://127.0.0.1:6379',
    keyPrefix: stack.gatewayEnv.REDIS_KEY_PREFIX!,
  });
}, 60_000);
afterAll(async () => {
  redis.disconnect();
  outsider.remove();
  await stack.close();
});

/** Tokens signed with the stack's key, as auth would sign them. */
const trusted = () => createTestCredentials(stack.authEnv.JWT_DEV_KEY_DIR);

describe('services refuse callers that may not call them, whatever the gateway does', () => {
  it('admin services: every method refuses no, forged, expired, revoked and player credentials', async () => {
    const keys = trusted();
    const admin = await keys.issue('admin');
    const player = await keys.issue('user');
    const expired = await keys.issue('admin', { ttlSeconds: -60 });
    const forged = await outsider.issue('admin');
    const revoked = await keys.issue('admin');
    await revokeToken(redis, revoked.tokenId, revoked.expiresAt);

    const services = servicesEndingWith('AdminService', stack);
    expect(services.map((s) => s.name).sort()).toEqual([
      'AccountAdminService',
      'AdsAdminService',
      'FeedbackAdminService',
      'ScoresAdminService',
      'SessionAdminService',
      'UpdatesAdminService',
    ]);
    const unauthenticated: [string, string | undefined][] = [
      ['none', undefined],
      ['malformed', 'Basic abc'],
      ['forged', forged.authorization],
      ['expired', expired.authorization],
      ['revoked', revoked.authorization],
    ];
    for (const service of services) {
      expect(service.methods.length).toBeGreaterThan(0);
      for (const method of service.methods) {
        for (const [label, authorization] of unauthenticated) {
          expect([
            method,
            label,
            await callRawGrpc(service.address, method, authorization),
          ]).toEqual([method, label, status.UNAUTHENTICATED]);
        }
        expect([method, await callRawGrpc(service.address, method, player.authorization)]).toEqual([
          method,
          status.PERMISSION_DENIED,
        ]);
        // The same call from an admin passes the check (it may still fail on the empty request).
        const asAdmin = await callRawGrpc(service.address, method, admin.authorization);
        expect([method, asAdmin]).not.toEqual([method, status.UNAUTHENTICATED]);
        expect([method, asAdmin]).not.toEqual([method, status.PERMISSION_DENIED]);
      }
    }
  });

  it.each(['AccountService', 'AchievementService', 'AdvertiserService', 'MyScoresService'])(
    '%s: every method refuses callers without a valid token',
    async (suffix) => {
      const keys = trusted();
      const expired = await keys.issue('user', { ttlSeconds: -60 });
      const forged = await outsider.issue('user');
      const [service] = servicesEndingWith(suffix, stack);
      expect(service!.methods.length).toBeGreaterThan(0);
      for (const method of service!.methods) {
        for (const authorization of [undefined, forged.authorization, expired.authorization]) {
          expect([method, await callRawGrpc(service!.address, method, authorization)]).toEqual([
            method,
            status.UNAUTHENTICATED,
          ]);
        }
      }
    },
  );

  it('no request message carries a credential, a role or the caller’s id', () => {
    const protoDir = path.resolve(__dirname, '../../proto');
    const files = fs
      .readdirSync(protoDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.proto'));
    const offending: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(path.join(protoDir, file), 'utf8');
      for (const [, name, body] of text.matchAll(/message (\w+Request) \{([^}]*)\}/g)) {
        for (const [, field] of body!.matchAll(/^\s*(?:optional |repeated )?\w+ (\w+) = \d+;/gm)) {
          // A password reset link's single-use code is what the request is about, not who calls.
          if (`${name}.${field}` === 'ResetPasswordRequest.token') continue;
          if (/token|role|caller|^user_id$|password_hash|secret/.test(field!)) {
            offending.push(`${file} ${name}.${field}`);
          }
        }
      }
    }
    expect(offending).toEqual([]);
  });
});

/**
 * Calls meant for one service accept only that service's identity (docs/api.md 'Service
 * identity'): each service-to-service method, and each gateway method that trusts what the
 * gateway saw of the browser, called straight over gRPC with no service token, a forged one and
 * every other service's.
 */
describe('methods for one service accept only its identity', () => {
  const SERVICES: ServiceName[] = ['gateway', 'auth', 'sessions', 'scores', 'ads', 'content'];
  const FOR_SERVICES: [keyof ReturnType<typeof addressesOf>, string, ServiceName[]][] = [
    ['sessions', '/sessions.v1.SessionService/GetSessionForScoring', ['scores']],
    ['sessions', '/sessions.v1.SessionService/CreateSession', ['gateway']],
    ['ads', '/ads.v1.AdsService/GetRewardClick', ['sessions']],
    ['ads', '/ads.v1.AdsService/CreateGameOffers', ['gateway']],
    ['ads', '/ads.v1.AdsService/ServeBanner', ['gateway']],
    ['ads', '/ads.v1.AdsService/RecordImpression', ['gateway']],
    ['ads', '/ads.v1.AdsService/FollowOffer', ['gateway']],
    ['auth', '/auth.v1.AuthService/Login', ['gateway']],
    ['auth', '/auth.v1.AuthService/Register', ['gateway']],
    ['auth', '/auth.v1.AuthService/AdminLogin', ['gateway']],
    ['auth', '/auth.v1.AuthService/RequestPasswordReset', ['gateway']],
    ['auth', '/auth.v1.AuthService/ResetPassword', ['gateway']],
    ['auth', '/auth.v1.NameService/ResolveName', ['scores']],
    ['auth', '/auth.v1.NameService/ListNames', ['scores']],
    ['content', '/content.v1.FeedbackService/SubmitFeedback', ['gateway']],
  ];
  const as = async (credential: ServiceCredential, audience: string) => ({
    [SERVICE_AUTHORIZATION_HEADER]: await credential.authorizationFor(audience),
  });

  it.each(FOR_SERVICES)('%s %s: only %j', async (callee, method, allowed) => {
    const keys = trusted();
    const at = addressesOf(stack)[callee];
    const outcome = async (extra: Record<string, string>) =>
      callRawGrpc(at, method, undefined, extra);
    expect(['none', await outcome({})]).toEqual(['none', status.UNAUTHENTICATED]);
    expect(['malformed', await outcome({ [SERVICE_AUTHORIZATION_HEADER]: 'Bearer x.y' })]).toEqual([
      'malformed',
      status.UNAUTHENTICATED,
    ]);
    const forged = await outcome(await as(outsider.service(allowed[0]!), callee));
    expect(['forged', forged]).toEqual(['forged', status.UNAUTHENTICATED]);
    // A token the right service made for another callee is no good here.
    const elsewhere = callee === 'auth' ? 'ads' : 'auth';
    const misaddressed = await outcome(await as(keys.service(allowed[0]!), elsewhere));
    expect(['misaddressed', misaddressed]).toEqual(['misaddressed', status.UNAUTHENTICATED]);
    for (const service of SERVICES) {
      const code = await outcome(await as(keys.service(service), callee));
      if (allowed.includes(service)) {
        // Past the check (the empty request may still be refused).
        expect([service, code]).not.toEqual([service, status.UNAUTHENTICATED]);
        expect([service, code]).not.toEqual([service, status.PERMISSION_DENIED]);
      } else if (code !== status.UNAUTHENTICATED) {
        // A service the callee holds no key of has no identity there: refused all the same.
        expect([service, code]).toEqual([service, status.PERMISSION_DENIED]);
      }
    }
  });

  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'OK',
      (e: unknown) => (e instanceof AppError ? e.code : String(e)),
    );

  it('the seed of an unfinished game never leaves sessions: not to a player, not even to scores', async () => {
    const player = client(stack.url);
    const created = await player.post('/api/player-sessions', {
      playerName: 'Seedless',
      sessionId: randomUUID(),
      deviceFingerprint: 'f'.repeat(50),
    });
    expect(created.status).toBe(200);
    const { id, credential } = created.json as { id: string; credential: string };
    const opts: CallOpts = { sessionCredential: credential };
    const scoringAs = (credentialOfService?: ServiceCredential) =>
      createGrpcClient(
        sessionsV1.SessionServiceClient,
        sessionsV1.SessionServiceService,
        addressesOf(stack).sessions,
        { serviceLabel: 'sessions', credential: credentialOfService },
      );
    const asPlayer = scoringAs();
    const asGateway = scoringAs(trusted().service('gateway'));
    const asScores = scoringAs(trusted().service('scores'));
    try {
      // The player's own credential (what any browser holds) reads nothing, let alone the seed.
      expect(await codeOf(asPlayer.getSessionForScoring({ id }, opts))).toBe('UNAUTHENTICATED');
      expect(await codeOf(asGateway.getSessionForScoring({ id }, opts))).toBe('PERMISSION_DENIED');
      // Scores gets the figures of the game in progress, without its seed.
      const playing = await asScores.getSessionForScoring({ id }, opts);
      expect(playing).toMatchObject({ id, finished: false, seed: '' });
      // Once the game has ended, scores gets the seed to replay it.
      const ended = await player.post(
        `/api/player-sessions/${id}/actions`,
        { seq: 0, action: { type: 'end' } },
        { 'x-session-credential': credential },
      );
      expect(ended.status).toBe(200);
      const finished = await asScores.getSessionForScoring({ id }, opts);
      expect(finished.finished).toBe(true);
      expect(finished.seed).toMatch(/\S/);
    } finally {
      for (const c of [asPlayer, asGateway, asScores]) c.close();
    }
  });

  it("a direct caller does not escape auth's sign-in throttle by varying the address", async () => {
    const email = `throttled-${randomUUID()}@example.com`;
    const password = 'right-password-1';
    const registered = await client(stack.url).post('/api/register', {
      username: `Thr${randomUUID().slice(0, 8)}`,
      email,
      password,
    });
    expect(registered.status).toBe(200);
    const authAs = (credential?: ServiceCredential) =>
      createGrpcClient(
        authV1.AuthServiceClient,
        authV1.AuthServiceService,
        addressesOf(stack).auth,
        {
          serviceLabel: 'auth',
          credential,
        },
      );
    const direct = authAs();
    const asScores = authAs(trusted().service('scores'));
    const asGateway = authAs(trusted().service('gateway'));
    const login = (c: typeof direct, guess: string, clientAddress: string) =>
      codeOf(c.login({ email, password: guess }, { clientAddress }));
    try {
      // Past the gateway, each guess from a 'new' address: never a sign-in, however many.
      for (let i = 1; i <= 12; i += 1) {
        expect(await login(direct, 'wrong-guess', `198.51.100.${i}`)).not.toBe('OK');
        expect(await login(asScores, 'wrong-guess', `198.51.100.${i}`)).not.toBe('OK');
      }
      expect(await login(direct, password, '198.51.100.99')).toBe('UNAUTHENTICATED');
      expect(await login(asScores, password, '198.51.100.99')).toBe('PERMISSION_DENIED');
      // The gateway's word on the address is what the throttle counts: ten wrong guesses from
      // one address make it wait, right password or not; another address still gets in.
      for (let i = 0; i < 10; i += 1) {
        expect(await login(asGateway, 'wrong-guess', '203.0.113.7')).toBe('UNAUTHENTICATED');
      }
      expect(await login(asGateway, password, '203.0.113.7')).toBe('RESOURCE_EXHAUSTED');
      expect(await login(asGateway, password, '203.0.113.8')).toBe('OK');
    } finally {
      for (const c of [direct, asScores, asGateway]) c.close();
    }
  });
});
