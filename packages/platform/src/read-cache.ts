/**
 * A short-lived memo of reads: one load per key and period however many requests ask,
 * concurrent misses sharing one promise, failures not remembered. Local writes clear it, so a
 * process always shows its own writes at once; other replicas' within `ttlMs` (0 = off).
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
