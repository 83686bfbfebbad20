// A stand-in for the browser's fetch, for unit tests of the web app only: the real gateway is
// exercised by the e2e browser tests. It answers by path and records every call.

export interface FakeResponse {
  ok: boolean;
  status: number;
  statusText: string;
  text: () => Promise<string>;
}

export interface FetchCall {
  url: string;
  init: RequestInit;
}

export type FakeAnswer = FakeResponse | Promise<FakeResponse>;
export type FakeHandler = (call: FetchCall) => FakeAnswer;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** An answer with a JSON body (or a raw string body). */
export function respond(
  status: number,
  body?: unknown,
  statusText = STATUS_TEXT[status] ?? '',
): FakeResponse {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText, text: async () => text };
}

/** An answer that never comes, except that aborting the request rejects it like fetch does. */
export function hang(call: FetchCall): Promise<FakeResponse> {
  return new Promise((_, reject) => {
    const signal = call.init.signal;
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort);
  });
}

/** fetch failing to reach the server. */
export function networkFailure(): Promise<FakeResponse> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

/** Installs the fake as global fetch; the returned list fills with calls as they happen. */
export function installFakeFetch(handler: FakeHandler): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = jest.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    return handler(call);
  });
  Object.defineProperty(globalThis, 'fetch', { value: fake, configurable: true, writable: true });
  return calls;
}

/** Answers each call with the next item of the list (the last one repeats). */
export function sequence(...answers: Array<FakeHandler | FakeResponse>): FakeHandler {
  let index = 0;
  return (call) => {
    const answer = answers[Math.min(index++, answers.length - 1)];
    return typeof answer === 'function' ? answer(call) : answer;
  };
}

/** Answers by "METHOD /path" or "/path" (any method); unknown paths get 404. */
export function byRoute(table: Record<string, FakeHandler | FakeResponse>): FakeHandler {
  return (call) => {
    const method = (call.init.method ?? 'GET').toUpperCase();
    const path = new URL(call.url, 'http://localhost').pathname;
    const answer =
      table[`${method} ${path}`] ?? table[path] ?? respond(404, { message: 'Not found' });
    return typeof answer === 'function' ? answer(call) : answer;
  };
}

/** The JSON body a call sent. */
export function sentBody(call: FetchCall): unknown {
  return typeof call.init.body === 'string' ? JSON.parse(call.init.body) : undefined;
}

/** The calls made to one method and path (query left out). */
export function callsTo(calls: FetchCall[], method: string, path: string): FetchCall[] {
  return calls.filter(
    (c) =>
      (c.init.method ?? 'GET') === method && new URL(c.url, 'http://localhost').pathname === path,
  );
}

/** A call's query parameters. */
export function queryOf(call: FetchCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
}

/** A header a call sent. */
export function headerOf(call: FetchCall, name: string): string | undefined {
  return (call.init.headers as Record<string, string> | undefined)?.[name];
}

/** A paged answer's body (docs/api.md 'Paging'): page `page` of `items`, `limit` a page. */
export function pageOf<T>(items: T[], page = 1, limit = items.length || 1) {
  const totalPages = Math.ceil(items.length / limit);
  return {
    data: items.slice((page - 1) * limit, page * limit),
    pagination: {
      currentPage: page,
      totalPages,
      total: items.length,
      hasNextPage: page < totalPages,
      hasPrevPage: page > 1,
    },
  };
}
