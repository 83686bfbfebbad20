import { ReadCache } from '../src/read-cache';
import { TestClock } from '../src/testing';

/** The services' memo of hot reads, on a clock the test moves (never on the machine's speed). */
const clock = new TestClock();
beforeEach(() => clock.set('2031-07-01T12:00:00.000Z'));

const TTL_MS = 1000;

/** A loader that counts its calls and answers the count. */
function counted() {
  let calls = 0;
  const load = () => Promise.resolve(++calls);
  return { load, calls: () => calls };
}

describe('the read cache', () => {
  it('loads a key once while its entry lives on the given clock, again once it has not', async () => {
    const cache = new ReadCache(TTL_MS, clock.now);
    const reads = counted();
    expect(await cache.get('top', reads.load)).toBe(1);
    clock.advance(TTL_MS - 1);
    expect(await cache.get('top', reads.load)).toBe(1);
    clock.advance(2);
    expect(await cache.get('top', reads.load)).toBe(2);
    expect(reads.calls()).toBe(2);
  });

  it('shares one load between concurrent misses, and keys apart', async () => {
    const cache = new ReadCache(TTL_MS, clock.now);
    const reads = counted();
    const answers = await Promise.all([
      cache.get('top', reads.load),
      cache.get('top', reads.load),
      cache.get('week', reads.load),
    ]);
    expect(answers).toEqual([1, 1, 2]);
  });

  it('does not remember a failed load', async () => {
    const cache = new ReadCache(TTL_MS, clock.now);
    await expect(cache.get('top', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('top', () => Promise.resolve('up'))).toBe('up');
  });

  it('forgets everything on clear (a local write), and holds nothing when its life is 0', async () => {
    const cache = new ReadCache(TTL_MS, clock.now);
    const reads = counted();
    await cache.get('top', reads.load);
    cache.clear();
    expect(await cache.get('top', reads.load)).toBe(2);
    const off = new ReadCache(0, clock.now);
    await off.get('top', reads.load);
    expect(await off.get('top', reads.load)).toBe(4);
  });
});
