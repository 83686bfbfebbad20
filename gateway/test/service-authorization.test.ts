import fs from 'node:fs';
import path from 'node:path';
import { status } from '@grpc/grpc-js';
import { connectRedis, revokeToken, type Redis } from '@ballmatch/platform';
import { createTestCredentials } from '@ballmatch/platform/testing';
import { adsV1, authV1, contentV1, scoresV1, sessionsV1 } from '@ballmatch/proto';
import { callRawGrpc } from './raw-grpc';
import { startStack, type Stack } from './stack';

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

/** Every generated service definition whose name ends with `suffix`, with its address. */
function servicesEndingWith(suffix: string, stack: Stack) {
  const addresses = {
    auth: stack.gatewayEnv.AUTH_ADDR!,
    sessions: stack.gatewayEnv.SESSIONS_ADDR!,
    scores: stack.gatewayEnv.SCORES_ADDR!,
    ads: stack.gatewayEnv.ADS_ADDR!,
    content: stack.gatewayEnv.CONTENT_ADDR!,
  };
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
          if (/token|role|caller|^user_id$|password_hash|secret/.test(field!)) {
            offending.push(`${file} ${name}.${field}`);
          }
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
