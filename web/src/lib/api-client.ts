// The one fetch layer of the app (docs/product.md 'Network and retries'): cookies on every request,
// JSON bodies, a timeout per attempt, retries with backoff on transient failures, and errors whose
// message is `${status}: ${body text or status text}`.
import {
  MAX_RETRIES,
  REQUEST_TIMEOUT_MS,
  RETRYABLE_STATUSES,
  RETRY_BACKOFF_FACTOR,
  RETRY_BASE_DELAY_MS,
} from '@/config/network';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An HTTP answer that was not 2xx. `message` is `${status}: ${bodyText || statusText}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly bodyText: string;
  /** The gateway's JSON error body ({message, field?}), when the body was one. */
  readonly data: { message?: string; field?: string } | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.bodyText = bodyText;
    this.data = parseErrorBody(bodyText);
  }
}

/** An attempt that took longer than the timeout. */
export class TimeoutError extends Error {
  constructor(method: string, path: string, ms: number) {
    super(`Request timed out after ${ms} ms: ${method} ${path}`);
    this.name = 'TimeoutError';
  }
}

/** The request could not reach the server at all (offline, DNS, connection refused). */
export class NetworkError extends Error {
  constructor(method: string, path: string, cause: unknown) {
    super(`Network error: ${method} ${path}`, { cause });
    this.name = 'NetworkError';
  }
}

export interface RequestOptions {
  /** Abort from outside (e.g. TanStack Query cancelling); an aborted request is not retried. */
  signal?: AbortSignal;
  /** Per-attempt timeout; defaults to 5000 ms. */
  timeoutMs?: number;
  /** How many retries after the first attempt; defaults to 2. */
  retries?: number;
  /** First retry delay; later ones grow by ×1.5. Defaults to 800 ms. */
  retryDelayMs?: number;
  /** 'returnNull' makes a 401 answer resolve to null (logged out), quietly. */
  on401?: 'returnNull' | 'throw';
  /** 'returnNull' makes a 404 answer resolve to null (there is none), quietly. */
  on404?: 'returnNull' | 'throw';
  /** Extra request headers (e.g. a game session's `X-Session-Credential`). */
  headers?: Record<string, string>;
}

function parseErrorBody(text: string): { message?: string; field?: string } | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object') {
      const { message, field } = value as Record<string, unknown>;
      return {
        message: typeof message === 'string' ? message : undefined,
        field: typeof field === 'string' ? field : undefined,
      };
    }
  } catch {
    // Not JSON: the raw text stays in bodyText and the message.
  }
  return null;
}

/** The delay before retry number `attempt` (0-based): 800 ms, then 1200 ms, ... */
export function retryDelay(attempt: number, baseMs = RETRY_BASE_DELAY_MS): number {
  return baseMs * RETRY_BACKOFF_FACTOR ** attempt;
}

function isRetryable(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status);
  return error instanceof TimeoutError || error instanceof NetworkError;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function attempt(
  method: HttpMethod,
  path: string,
  body: unknown,
  timeoutMs: number,
  outer?: AbortSignal,
  headers: Record<string, string> = {},
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', forwardAbort, { once: true });

  const init: RequestInit = {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', ...headers },
    signal: controller.signal,
  };
  if (body instanceof Blob) {
    // A file goes as its raw bytes (an image upload), never as JSON.
    init.headers = { ...init.headers, 'Content-Type': body.type || 'application/octet-stream' };
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }

  try {
    const response = await fetch(path, init);
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      throw new ApiError(response.status, response.statusText, text);
    }
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (timedOut) throw new TimeoutError(method, path, timeoutMs);
    if (outer?.aborted) throw error;
    throw new NetworkError(method, path, error);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forwardAbort);
  }
}

async function readBody<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Sends one request with the retry rules above and returns the parsed JSON answer (null for an
 * empty body). Throws ApiError / TimeoutError / NetworkError after the last attempt.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const {
    signal,
    timeoutMs = REQUEST_TIMEOUT_MS,
    retries = MAX_RETRIES,
    retryDelayMs = RETRY_BASE_DELAY_MS,
    on401 = 'throw',
    on404 = 'throw',
    headers,
  } = options;

  for (let tries = 0; ; tries++) {
    try {
      const response = await attempt(method, path, body, timeoutMs, signal, headers);
      return await readBody<T>(response);
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) {
        return null as T;
      }
      if (on404 === 'returnNull' && error instanceof ApiError && error.status === 404) {
        return null as T;
      }
      if (signal?.aborted) throw error;
      if (tries < retries && isRetryable(error)) {
        console.warn(`[api] ${method} ${path} failed, retrying:`, describe(error));
        await sleep(retryDelay(tries, retryDelayMs), signal);
        continue;
      }
      // A 4xx is the server's answer, which the page shows the person; only a failure nobody
      // could act on (a 5xx, a timeout, no network) is logged as an error.
      const log = error instanceof ApiError && error.status < 500 ? console.warn : console.error;
      log(`[api] ${method} ${path} failed:`, describe(error));
      throw error;
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Shorthands used by the query-option factories and mutations. */
export const api = {
  get: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiRequest<T>('POST', path, body ?? {}, options),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PATCH', path, body, options),
  put: <T>(path: string, body: unknown, options?: RequestOptions) =>
    apiRequest<T>('PUT', path, body, options),
  delete: <T>(path: string, options?: RequestOptions) =>
    apiRequest<T>('DELETE', path, undefined, options),
};

/** The message to show a person: the server's {message}, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.data?.message || fallback;
  return fallback;
}

/** The form field a 400/409 answer points at, if any. */
export function errorField(error: unknown): string | undefined {
  return error instanceof ApiError ? error.data?.field : undefined;
}
