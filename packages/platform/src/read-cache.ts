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
  constructor(ttlMs: number, now: () => Date = () => new Date()) {
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
    const entries = this.entries;
    if (!entries) return load();
    const hit = entries.get(key);
    if (hit) return hit as Promise<T>;
    const value = load();
    entries.set(key, value);
    value.catch(() => {
      if (entries.peek(key) === value) entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries?.clear();
  }
}
