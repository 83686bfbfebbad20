import type { GatewayDeps } from './context';

/**
 * Micro-cache of the hot public board reads (top-N, week and season lists): one scores call
 * per key and period however many requests ask, concurrent misses sharing one call. This
 * gateway's own writes (a submission, moderation) clear it, so a player sees their score at
 * once; another replica's writes show within the TTL (`READ_CACHE_MS`, default 1 s; 0 = off).
 */
export class ReadCache {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>();

  constructor(private readonly ttlMs: number) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value as Promise<T>;
    if (this.entries.size > 1000) this.entries.clear();
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

const caches = new WeakMap<GatewayDeps, ReadCache>();

/** The one cache of a gateway (its routers share it). */
export function readCache(deps: GatewayDeps): ReadCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ReadCache(deps.config.READ_CACHE_MS);
    caches.set(deps, cache);
  }
  return cache;
}
