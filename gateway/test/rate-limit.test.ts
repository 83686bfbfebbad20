import { connectRedis, createLogger, type Redis } from '@ballmatch/platform';
import { TestClock, testRedisPrefix } from '@ballmatch/platform/testing';
import { RateLimiter } from '../src/middleware/rate-limit';

/**
 * The limiter against the real Redis: replicas lease tokens from one count per address and
 * minute, so together they never admit more than the limit, yet most requests never wait on
 * Redis. (Through real gateways: edge.test.ts and hot-reads.test.ts.)
 */
let redis: Redis;
const clock = new TestClock();
const logger = createLogger('rate-limit-test', 'silent');

beforeAll(async () => {
  redis = await connectRedis({ url: 'redis://127.0.0.1:6379', keyPrefix: testRedisPrefix() });
});
afterAll(() => redis.disconnect());

let minute = Date.UTC(2031, 2, 3, 4, 0, 0);
beforeEach(() => {
  // Each test in a minute of its own, 10 s into it.
  minute += 60_000;
  clock.set(minute + 10_000);
});

const replica = (perMinute: number, store: Redis = redis) =>
  new RateLimiter({ redis: store, logger, group: 'test', perMinute, now: clock.nowMs });

async function admitted(limiter: RateLimiter, ip: string): Promise<boolean> {
  return (await limiter.admit(ip)) === true;
}

describe('the rate limiter', () => {
  it('two replicas taking turns admit exactly the limit between them', async () => {
    const replicas = [replica(50), replica(50)];
    const answers: boolean[] = [];
    for (let i = 0; i < 80; i++) answers.push(await admitted(replicas[i % 2]!, '10.0.0.1'));
    expect(answers.filter(Boolean)).toHaveLength(50);
    // Once both have heard the minute is used up, both refuse without asking Redis again.
    expect(answers.slice(-10)).toEqual(Array(10).fill(false));
    const refused = await replicas[0]!.admit('10.0.0.1');
    expect(refused).toBe(50);
    // Other addresses have their own count.
    expect(await admitted(replicas[1]!, '10.0.0.2')).toBe(true);
  });

  it('two replicas under concurrent requests never admit more than the limit together', async () => {
    const replicas = [replica(60), replica(60)];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => admitted(replicas[i % 2]!, '10.0.0.3')),
    );
    const count = answers.filter(Boolean).length;
    expect(count).toBeLessThanOrEqual(60);
    // A lease near the limit is one token: little can be left unspent.
    expect(count).toBeGreaterThanOrEqual(55);
  });

  it('asks Redis once for many requests, not once per request', async () => {
    const limiter = replica(1200);
    // A lease is one script run in Redis (rate-limiter-flexible's increment with its expiry).
    const sent = jest.spyOn(redis, 'sendCommand');
    const leases = () => sent.mock.calls.filter(([command]) => /^eval/.test(command.name)).length;
    try {
      for (let i = 0; i < 1000; i++) expect(await admitted(limiter, '10.0.0.4')).toBe(true);
      // Leases of a sixteenth of what is left: 75, 71, 66, ... about 20 for 1,000 requests.
      expect(leases()).toBeLessThan(40);
      expect(leases()).toBeGreaterThan(5);
    } finally {
      sent.mockRestore();
    }
  });

  it('decides from its own tokens without waiting, and says when it cannot', async () => {
    const limiter = replica(32);
    expect(limiter.tryLocal('10.0.0.5')).toBeUndefined(); // nothing leased yet
    expect(await admitted(limiter, '10.0.0.5')).toBe(true); // leases 2, spends 1
    expect(limiter.tryLocal('10.0.0.5')).toBe(true);
    expect(limiter.tryLocal('10.0.0.5')).toBeUndefined();
  });

  it('a new minute starts a new count; Retry-After counts to it', async () => {
    const limiter = replica(3);
    for (let i = 0; i < 3; i++) expect(await admitted(limiter, '10.0.0.6')).toBe(true);
    expect(await limiter.admit('10.0.0.6')).toBe(50);
    clock.advance(49_000);
    expect(limiter.tryLocal('10.0.0.6')).toBe(1);
    clock.advance(1_000);
    expect(await admitted(limiter, '10.0.0.6')).toBe(true);
  });

  it('lets requests through when Redis cannot be asked', async () => {
    const lost = await connectRedis({
      url: 'redis://127.0.0.1:6379',
      keyPrefix: testRedisPrefix(),
    });
    lost.disconnect();
    const limiter = replica(1, lost);
    for (let i = 0; i < 3; i++) expect(await admitted(limiter, '10.0.0.7')).toBe(true);
  });
});
