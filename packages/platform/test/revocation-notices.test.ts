import {
  connectRedis,
  publishRevocation,
  REVOCATION_CHANNEL,
  revokeToken,
  signOutEverywhere,
  subscribeRevocations,
  type Redis,
  type RevocationNotice,
  type RevocationSubscription,
} from '../src';
import { testRedisPrefix } from '../src/testing';

/**
 * Revocation notices (auth:revocations): what auth writes to the deny-list is announced on a
 * channel of the same key prefix, so a process holding signed-in sockets closes them at once.
 */
let redis: Redis;
let other: Redis;
const subscriptions: RevocationSubscription[] = [];
beforeAll(async () => {
  redis = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: testRedisPrefix() });
  other = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: testRedisPrefix() });
});
afterEach(async () => {
  await Promise.all(subscriptions.splice(0).map((s) => s.close()));
});
afterAll(() => {
  redis.disconnect();
  other.disconnect();
});

/** A subscription whose notices and resubscriptions are kept in order; `next()` waits for one. */
async function listen(on: Redis) {
  const heard: (RevocationNotice | 'resubscribed')[] = [];
  let read = 0;
  let wake: (() => void) | null = null;
  const push = (item: RevocationNotice | 'resubscribed') => {
    heard.push(item);
    wake?.();
  };
  const subscription = await subscribeRevocations(on, {
    notice: push,
    resubscribed: () => push('resubscribed'),
  });
  subscriptions.push(subscription);
  return {
    subscription,
    heard,
    async next() {
      while (read >= heard.length) await new Promise<void>((resolve) => (wake = resolve));
      return heard[read++]!;
    },
  };
}

describe('revocation notices', () => {
  it('a logout and a sign-out mark are announced to the subscribers of the same prefix only', async () => {
    const mine = await listen(redis);
    const theirs = await listen(other);
    const expiresAt = Math.floor(Date.now() / 1000) + 60;
    await revokeToken(redis, 'jti-7', expiresAt);
    expect(await mine.next()).toEqual({ tokenId: 'jti-7' });
    await signOutEverywhere(redis, 'user-7', Date.now());
    expect(await mine.next()).toEqual({ userId: 'user-7' });
    // The other prefix (another deployment, another test) heard nothing of them.
    await publishRevocation(other, { userId: 'user-8' });
    expect(await theirs.next()).toEqual({ userId: 'user-8' });
    expect(theirs.heard).toEqual([{ userId: 'user-8' }]);
  });

  it('ignores a message that is not a notice', async () => {
    const mine = await listen(redis);
    const channel = `${redis.options.keyPrefix}${REVOCATION_CHANNEL}`;
    await redis.publish(channel, 'not json');
    await redis.publish(channel, JSON.stringify({ userId: 7 }));
    await publishRevocation(redis, { userId: 'user-9' });
    expect(await mine.next()).toEqual({ userId: 'user-9' });
  });

  it('says when it is subscribed again after its connection dropped, and hears notices again', async () => {
    const mine = await listen(redis);
    // Its connection, found by the name it gives itself (this test's prefix is in it).
    const clients = String(await other.client('LIST')).split('\n');
    const name = `name=${REVOCATION_CHANNEL}@${redis.options.keyPrefix}`;
    const id = /id=(\d+)/.exec(clients.find((line) => line.includes(name))!)![1]!;
    await other.client('KILL', 'ID', id);
    expect(await mine.next()).toBe('resubscribed');
    await publishRevocation(redis, { tokenId: 'jti-after' });
    expect(await mine.next()).toEqual({ tokenId: 'jti-after' });
  });
});
