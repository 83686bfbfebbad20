import type { Request, Response } from 'express';
import type { GatewayDeps } from './context';
import { routeOf } from './middleware/telemetry';

// Micro-cache of the hot public reads (top-N, week and season lists, active ads, icons): one
// service call per key and period however many requests ask. This gateway's own writes (a
// submission, moderation) clear it, so a player sees their score at once; another replica's
// writes show within `READ_CACHE_MS` (default 1 s; 0 = off).

/** A JSON answer serialized once per cache fill, with the ETag Express would give it. */
export interface PreparedJson {
  body: Buffer;
  etag: string;
}

/** A URL whose answer is the same for every caller until `until` (see hot-reads.ts). */
export interface Replay {
  until: number;
  /** The route pattern the answer is counted under (`/api/scores/top`). */
  route: string;
  answer: PreparedJson;
}

interface ReplayEntry extends Replay {
  /** Loads the answer again (the cache key's loader, as the route gave it). */
  reload: () => Entry<PreparedJson>;
  reloading: boolean;
}

interface Entry<T> {
  until: number;
  value: Promise<T>;
}

const MAX_ENTRIES = 1000;
/** A replayed URL is reloaded ahead of its expiry, in the last quarter of its life. */
const RELOAD_AHEAD_SHARE = 0.25;

export class ReadCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly replays = new Map<string, ReplayEntry>();

  constructor(
    private readonly ttlMs: number,
    /** The gateway's clock (ms since the epoch): entries live `ttlMs` on it, so tests move it. */
    private readonly now: () => number,
  ) {}

  /** One load per key and period, concurrent misses sharing it, failures not remembered. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    return this.entry(key, load).value;
  }

  /**
   * Answers a public read with JSON that is the same for every caller: serialized and tagged
   * once per fill, and offered to `replay` for this exact URL until the entry expires, so the
   * next callers are answered before Express.
   */
  async sendJson(
    req: Request,
    res: Response,
    key: string,
    load: () => Promise<unknown>,
  ): Promise<void> {
    const etagOf = req.app.get('etag fn') as (body: Buffer) => string;
    const jsonKey = `json:${key}`;
    const prepare = async (): Promise<PreparedJson> => {
      const body = Buffer.from(JSON.stringify(await load()));
      return { body, etag: etagOf(body) };
    };
    const entry = this.entry(jsonKey, prepare);
    const answer = await entry.value;
    // Not after a write cleared it meanwhile: the replay would outlive the write.
    if (entry.until > this.now() && this.entries.get(jsonKey) === entry) {
      if (this.replays.size >= MAX_ENTRIES) this.replays.clear();
      this.replays.set(req.originalUrl, {
        until: entry.until,
        route: routeOf(req, res),
        answer,
        reload: () => this.load(jsonKey, prepare),
        reloading: false,
      });
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('ETag', answer.etag);
    // res.send answers 304 to a matching If-None-Match, as res.json would.
    res.send(answer.body);
  }

  /**
   * The replay of this URL while its entry is fresh. Near its expiry it is reloaded in the
   * background, so a URL asked all the time is never left to Express while the reload waits.
   */
  replay(url: string): Replay | undefined {
    const replay = this.replays.get(url);
    if (!replay) return undefined;
    const left = replay.until - this.now();
    if (left <= 0) {
      this.replays.delete(url);
      return undefined;
    }
    if (!replay.reloading && left < this.ttlMs * RELOAD_AHEAD_SHARE) this.reload(url, replay);
    return replay;
  }

  clear(): void {
    this.entries.clear();
    this.replays.clear();
  }

  private reload(url: string, replay: ReplayEntry): void {
    replay.reloading = true;
    const entry = replay.reload();
    entry.value
      .then((answer) => {
        // Unless a write cleared the cache meanwhile (the URL then waits for Express again).
        if (this.replays.get(url) === replay) {
          replay.answer = answer;
          replay.until = entry.until;
        }
      })
      .catch(() => {
        // The replay runs out; the next request goes to Express, which answers the failure.
      })
      .finally(() => {
        replay.reloading = false;
      });
  }

  private entry<T>(key: string, load: () => Promise<T>): Entry<T> {
    if (this.ttlMs <= 0) return { until: 0, value: load() };
    const hit = this.entries.get(key);
    if (hit && hit.until > this.now()) return hit as Entry<T>;
    return this.load(key, load);
  }

  /** A new entry for `key`, whatever is cached. */
  private load<T>(key: string, load: () => Promise<T>): Entry<T> {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const entry = { until: this.now() + this.ttlMs, value: load() };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry;
  }
}

const caches = new WeakMap<GatewayDeps, ReadCache>();

/** The one cache of a gateway (its routers and the hot-read replay share it). */
export function readCache(deps: GatewayDeps): ReadCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new ReadCache(deps.config.READ_CACHE_MS, deps.now);
    caches.set(deps, cache);
  }
  return cache;
}
