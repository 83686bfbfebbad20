import { ReadCache } from '@ballmatch/platform';
import type { GatewayDeps } from './context';

// Micro-cache of the hot public board reads (top-N, week and season lists): one scores call
// per key and period however many requests ask. This gateway's own writes (a submission,
// moderation) clear it, so a player sees their score at once; another replica's writes show
// within `READ_CACHE_MS` (default 1 s; 0 = off).

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
