import { LRUCache } from 'lru-cache';

/**
 * A short-lived memo of reads: one load per key and period however many requests ask,
 * concurrent misses sharing one promise, failures not remembered. Local writes clear it, so a
 * process always shows its own writes at once; other replicas' within `ttlMs` (0 = off).
 */
export class ReadCache {
  private readonly entries: LRUCache<string, Promise<unknown>> | null;

  /**
   * `now`: the service's clock, the one its start(env, { now }) takes; entries live `ttlMs` on
   * it, so tests move it instead of waiting.
   */
  constructor(
    readonly ttlMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache({
            max: 1000,
            ttl: ttlMs,
            // Read the clock at every look-up: lru-cache otherwise keeps a reading for 1 ms of
            // real time, and a test's clock moves in between.
            ttlResolution: 0,
            perf: { now: () => now().getTime() },
          })
        : null;
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries?.get(key);
    return hit ? (hit as Promise<T>) : this.reload(key, load);
  }

  /** Loads `key` anew whatever is cached (a reload ahead of its expiry). */
  reload<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entries = this.entries;
    const value = load();
    if (!entries) return value;
    entries.set(key, value);
    value.catch(() => {
      if (entries.peek(key) === value) entries.delete(key);
    });
    return value;
  }

  /**
   * When `key`'s entry expires (ms on the clock) if it still holds `value` (what `get` or
   * `reload` gave); 0 if it does not: cleared by a write, failed, expired, or the cache is off.
   */
  expiresAt(key: string, value: Promise<unknown>): number {
    const entries = this.entries;
    if (!entries || entries.peek(key) !== value) return 0;
    const left = entries.getRemainingTTL(key);
    return left > 0 ? this.now().getTime() + left : 0;
  }

  clear(): void {
    this.entries?.clear();
  }
}
