import { ReadCache } from '@ballmatch/platform';
import type { Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
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
  /** The cache key, and its loader as the route gave it (to load the answer again). */
  key: string;
  prepare: () => Promise<PreparedJson>;
  reloading: boolean;
}

/** A replayed URL is reloaded ahead of its expiry, in the last quarter of its life. */
const RELOAD_AHEAD_SHARE = 0.25;

/**
 * The services' ReadCache (lru-cache on the gateway's clock: entries live `ttlMs` on it, so
 * tests move it), with the answers it holds replayed per URL before Express.
 */
export class HotReadCache extends ReadCache {
  private readonly replays = new LRUCache<string, ReplayEntry>({ max: 1000 });

  constructor(
    ttlMs: number,
    /** The gateway's clock (ms since the epoch). */
    private readonly clock: () => number,
  ) {
    super(ttlMs, () => new Date(clock()));
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
    const value = this.get(jsonKey, prepare);
    const answer = await value;
    // Not after a write cleared it meanwhile: the replay would outlive the write.
    const until = this.expiresAt(jsonKey, value);
    if (until > this.clock()) {
      this.replays.set(req.originalUrl, {
        until,
        route: routeOf(req, res),
        answer,
        key: jsonKey,
        prepare,
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
    const left = replay.until - this.clock();
    if (left <= 0) {
      this.replays.delete(url);
      return undefined;
    }
    if (!replay.reloading && left < this.ttlMs * RELOAD_AHEAD_SHARE) this.reloadAhead(url, replay);
    return replay;
  }

  /** Runs a write, then forgets the cached reads (they may show what it changed), failed or not. */
  async afterWrite<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.clear();
    }
  }

  override clear(): void {
    super.clear();
    this.replays.clear();
  }

  private reloadAhead(url: string, replay: ReplayEntry): void {
    replay.reloading = true;
    const value = this.reload(replay.key, replay.prepare);
    value
      .then((answer) => {
        // Unless a write cleared the cache meanwhile (the URL then waits for Express again).
        if (this.replays.peek(url) === replay) {
          replay.answer = answer;
          replay.until = this.expiresAt(replay.key, value);
        }
      })
      .catch(() => {
        // The replay runs out; the next request goes to Express, which answers the failure.
      })
      .finally(() => {
        replay.reloading = false;
      });
  }
}

const caches = new WeakMap<GatewayDeps, HotReadCache>();

/** The one cache of a gateway (its routers and the hot-read replay share it). */
export function readCache(deps: GatewayDeps): HotReadCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new HotReadCache(deps.config.READ_CACHE_MS, deps.now);
    caches.set(deps, cache);
  }
  return cache;
}
