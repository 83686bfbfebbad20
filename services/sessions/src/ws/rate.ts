/**
 * A token bucket per socket: `perSecond` messages a second on average, `burst` at once. A
 * person plays one action every second or so; a retry storm or a script is held back here
 * before it costs a game lookup. Hand-written on purpose: rate-limiter-flexible has no token
 * bucket (docs/benchmarks.md, 'Actions over the game socket').
 */
export function tokenBucket(perSecond: number, burst: number, now: () => number) {
  let tokens = burst;
  let last = now();
  return {
    take(): boolean {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
