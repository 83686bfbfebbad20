// Network and caching constants, in one place (docs/product.md 'Network and retries').

/** Each attempt is aborted after this long. */
export const REQUEST_TIMEOUT_MS = 5000;
/** At most 2 retries, so 3 attempts in all. */
export const MAX_RETRIES = 2;
/** The first retry waits this long; each further one waits RETRY_BACKOFF_FACTOR times more. */
export const RETRY_BASE_DELAY_MS = 800;
export const RETRY_BACKOFF_FACTOR = 1.5;
/** HTTP statuses that are worth another attempt (besides timeouts and network failures). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Query defaults: fresh for a minute, no polling, refetch on focus, retry after 1 s. */
export const QUERY_STALE_TIME_MS = 60_000;
export const QUERY_RETRY_DELAY_MS = 1000;

/** Leaderboard reads stay fresh for 30 s; the home page's top scores card for 60 s. */
export const LEADERBOARD_STALE_TIME_MS = 30_000;
export const TOP_SCORES_CARD_STALE_TIME_MS = 60_000;
/** The ball faces (custom icons and advertisers' images) stay fresh for 30 s. */
export const FACES_STALE_TIME_MS = 30_000;

/** Realtime (docs/product.md 'Live updates'): the socket path and its timings. */
export const REALTIME_PATH = '/ws';
export const REALTIME_PING_INTERVAL_MS = 30_000;
/** Reconnect n waits min(1000 × 1.5ⁿ, 5000) ms; after the 5th failed attempt it stops. */
export const REALTIME_RECONNECT_BASE_MS = 1000;
export const REALTIME_RECONNECT_FACTOR = 1.5;
export const REALTIME_RECONNECT_MAX_DELAY_MS = 5000;
export const REALTIME_MAX_RECONNECT_ATTEMPTS = 5;
/** Screens re-check the connection status this often. */
export const REALTIME_STATUS_POLL_MS = 5000;
