import { generateKeyPairSync } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import {
  bearer,
  connectRedis,
  createCallerAuthenticator,
  loadPublicKey,
  signSessionToken,
  verifySessionToken,
  type Redis,
} from '../src';
import { testRedisPrefix } from '../src/testing';

/**
 * Rotating the session signing key without signing anyone out: JWT_PUBLIC_KEY holds the new
 * and the old public key (a PEM bundle), so tokens of either verify until the old ones expire.
 */
function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const oldKey = keyPair();
const newKey = keyPair();
const user = { userId: '7f1d0c8e-3c55-4c1c-9d43-6c8a4c1b2a10', role: 'user' as const };

let redis: Redis;
beforeAll(async () => {
  redis = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: testRedisPrefix() });
});
afterAll(() => redis.disconnect());

describe('JWT_PUBLIC_KEY as a bundle', () => {
  it('reads one key, or several one after another, as text or base64', () => {
    expect(loadPublicKey(oldKey.pem)).toHaveLength(1);
    const bundle = `${newKey.pem}\n${oldKey.pem}`;
    expect(loadPublicKey(bundle)).toHaveLength(2);
    expect(loadPublicKey(Buffer.from(bundle).toString('base64'))).toHaveLength(2);
    expect(() =>
      loadPublicKey('-----BEGIN PUBLIC KEY-----\nnot a key\n-----END PUBLIC KEY-----'),
    ).toThrow();
  });

  it('accepts tokens signed by either key during the overlap, and only the new one after', async () => {
    const before = await signSessionToken(oldKey.privateKey, user, 3600);
    const after = await signSessionToken(newKey.privateKey, user, 3600);
    const overlap = loadPublicKey(`${newKey.pem}${oldKey.pem}`);
    expect((await verifySessionToken(overlap, before.token)).userId).toBe(user.userId);
    expect((await verifySessionToken(overlap, after.token)).tokenId).toBe(after.tokenId);

    const done = loadPublicKey(newKey.pem);
    await expect(verifySessionToken(done, before.token)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect((await verifySessionToken(done, after.token)).userId).toBe(user.userId);
    // A key in neither place is refused, whatever the bundle holds.
    const stranger = await signSessionToken(keyPair().privateKey, user, 3600);
    await expect(verifySessionToken(overlap, stranger.token)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it("lets every service's caller check accept both, expiry still enforced", async () => {
    const authenticate = createCallerAuthenticator({
      publicKey: loadPublicKey(`${newKey.pem}${oldKey.pem}`),
      redis,
    });
    const call = (token: string) => {
      const metadata = new Metadata();
      metadata.set('authorization', bearer(token));
      return authenticate(metadata);
    };
    for (const key of [oldKey, newKey]) {
      const { token } = await signSessionToken(key.privateKey, user, 3600);
      expect(await call(token)).toMatchObject({ role: 'user', id: user.userId });
    }
    const expired = await signSessionToken(oldKey.privateKey, user, -10);
    await expect(call(expired.token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
