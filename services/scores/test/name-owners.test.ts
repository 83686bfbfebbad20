// Auth's answers to "who owns this name", remembered by a scores process (domain/name-owners.ts):
// asked once per name's look-alike keys, forgotten when a name that shares one changes hands or
// the time is up.
import { AppError } from '@ballmatch/platform';
import { createNameOwnerCache, namesInUserEvent } from '../src/domain/name-owners';
import type { NameLookup, NameOwnership } from '../src/domain/player-name';

/** Auth as a table of owners, counting what it was asked. */
function fakeAuth(owners: Record<string, string> = {}) {
  const asked: string[] = [];
  const lookup: NameLookup = async (name) => {
    asked.push(name);
    return { ownerUserId: owners[name.toLowerCase()] ?? null, protected: false };
  };
  return { lookup, asked, owners };
}

describe('name owner cache', () => {
  let clock = 0;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it('asks auth once per look-alike keys while the answer is fresh, again once it is not', async () => {
    const auth = fakeAuth({ ann: 'u-ann' });
    const cache = createNameOwnerCache(auth.lookup, { ttlMs: 60_000, now });
    expect(await cache.lookup('Ann')).toEqual({ ownerUserId: 'u-ann', protected: false });
    expect(await cache.lookup('ANN')).toEqual({ ownerUserId: 'u-ann', protected: false });
    expect(await cache.lookup('Ａｎｎ')).toEqual({ ownerUserId: 'u-ann', protected: false });
    expect(auth.asked).toEqual(['Ann']);
    clock += 60_000;
    await cache.lookup('ann');
    expect(auth.asked).toEqual(['Ann', 'ann']);
  });

  it('the window: a name registered after "nobody" was remembered is free until forgotten', async () => {
    const auth = fakeAuth();
    const cache = createNameOwnerCache(auth.lookup, { ttlMs: 60_000, now });
    expect((await cache.lookup('Zed')).ownerUserId).toBeNull();
    auth.owners.zed = 'u-zed'; // registered in auth
    // No event yet: the remembered answer stands (bounded by the TTL).
    expect((await cache.lookup('Zed')).ownerUserId).toBeNull();
    clock += 59_999;
    expect((await cache.lookup('Zed')).ownerUserId).toBeNull();
    // user.named arrives: asked again at once.
    cache.forget(namesInUserEvent({ userId: 'u-zed', username: 'ZED', previousUsername: '' })!);
    expect((await cache.lookup('Zed')).ownerUserId).toBe('u-zed');
    // Missed events: clear() (on reconnecting to NATS) or the TTL.
    auth.owners.zed = 'u-other';
    cache.clear();
    expect((await cache.lookup('zed')).ownerUserId).toBe('u-other');
  });

  it('forgets both names of a rename, and the name a deleted account frees', async () => {
    const auth = fakeAuth({ old: 'u1', other: 'u2' });
    const cache = createNameOwnerCache(auth.lookup, { ttlMs: 60_000, now });
    await Promise.all(['Old', 'New', 'Other'].map(cache.lookup));
    cache.forget(namesInUserEvent({ userId: 'u1', username: 'New', previousUsername: 'Old' })!);
    await Promise.all(['Old', 'New', 'Other'].map(cache.lookup));
    expect(auth.asked).toEqual(['Old', 'New', 'Other', 'Old', 'New']);
    cache.forget(namesInUserEvent({ userId: 'u2', username: 'Other', removeScores: false })!);
    await cache.lookup('Other');
    expect(auth.asked.at(-1)).toBe('Other');
    expect(auth.asked).toHaveLength(6);
  });

  it("tells apart names with other keys that fold alike ('ilse', 'Ilse' like 'LLSE')", async () => {
    const auth = fakeAuth();
    const cache = createNameOwnerCache(auth.lookup, { ttlMs: 60_000, now });
    expect((await cache.lookup('ilse')).ownerUserId).toBeNull();
    expect((await cache.lookup('Ilse')).ownerUserId).toBeNull();
    expect(auth.asked).toEqual(['ilse', 'Ilse']);
    // 'LLSE' registers: 'Ilse' also reads as llse, so its answer goes; 'ilse' does not.
    auth.owners.ilse = 'u-llse';
    cache.forget(namesInUserEvent({ userId: 'u-llse', username: 'LLSE', previousUsername: '' })!);
    await cache.lookup('ilse');
    expect((await cache.lookup('Ilse')).ownerUserId).toBe('u-llse');
    expect(auth.asked).toEqual(['ilse', 'Ilse', 'Ilse']);
  });

  it('keeps no answer that was on its way while a name changed hands', async () => {
    let answer!: (a: NameOwnership) => void;
    const asked: string[] = [];
    const slow: NameLookup = (name) => {
      asked.push(name);
      return new Promise((resolve) => (answer = resolve));
    };
    const cache = createNameOwnerCache(slow, { ttlMs: 60_000, now });
    const first = cache.lookup('Mia');
    cache.forget(['Mia']); // registered meanwhile: the answer may predate it
    answer({ ownerUserId: null, protected: false });
    await first;
    const second = cache.lookup('Mia');
    answer({ ownerUserId: 'u-mia', protected: false });
    expect((await second).ownerUserId).toBe('u-mia');
    expect(asked).toEqual(['Mia', 'Mia']);
  });

  it('remembers no failure, holds at most maxEntries, and with a TTL of 0 always asks', async () => {
    let down = true;
    const auth = fakeAuth();
    const flaky: NameLookup = async (name) => {
      if (down) throw new AppError('UNAVAILABLE', 'auth is unavailable');
      return auth.lookup(name);
    };
    const cache = createNameOwnerCache(flaky, { ttlMs: 60_000, maxEntries: 2, now });
    await expect(cache.lookup('Ivy')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    down = false;
    await cache.lookup('Ivy');
    await cache.lookup('Jo');
    await cache.lookup('Kim'); // Ivy, the oldest, makes room
    await cache.lookup('Jo');
    await cache.lookup('Ivy');
    expect(auth.asked).toEqual(['Ivy', 'Jo', 'Kim', 'Ivy']);

    const uncached = fakeAuth();
    const off = createNameOwnerCache(uncached.lookup, { ttlMs: 0, now });
    await off.lookup('Lou');
    await off.lookup('Lou');
    expect(uncached.asked).toEqual(['Lou', 'Lou']);
  });

  it('reads the names of a user event; none readable means forget everything', () => {
    expect(namesInUserEvent({ username: 'A', previousUsername: 'B' })).toEqual(['A', 'B']);
    expect(namesInUserEvent({ username: 'A', previousUsername: '' })).toEqual(['A']);
    expect(namesInUserEvent({ userId: 'u1' })).toBeNull();
    expect(namesInUserEvent('junk')).toBeNull();
  });
});
