// The web tests' HTTP: one MSW server (msw/node) that answers the app's real fetch calls, for
// unit tests of the web app only (the real gateway is exercised by the e2e browser tests).
// setup.ts starts it for every test file and resets it after each test; a test adds its own
// answers with useApi(...), which also records every call the app makes.
import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { SetupServerApi } from 'msw/node';
import { notAuthenticated } from './users';

/** A request the app made, read once so tests can look at it synchronously. */
export interface ApiCall {
  /** Path and query, as the app wrote it (e.g. '/api/scores/top?limit=3'). */
  url: string;
  method: string;
  /** The headers sent, by lower-case name. */
  headers: Record<string, string>;
  /** The body's text, if it had one. */
  body: string | undefined;
  credentials: RequestCredentials;
  signal: AbortSignal;
}

export type Answer = Response | Promise<Response>;
/** Answers a call; null or undefined passes it on to the next handler. */
export type CallHandler = (call: ApiCall) => Answer | null | undefined;
export type Route = CallHandler | Response;
export type Routes = Record<string, Route>;

/**
 * The shared answers, under each test's own: a guest (GET /api/user is 401) and 404 for any
 * other API path. Anything outside /api is an error: the app must not reach out.
 */
export const defaultHandlers: HttpHandler[] = [
  http.get('/api/user', () => HttpResponse.json(notAuthenticated, { status: 401 })),
  http.all('/api/*', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
];

/**
 * The server intercepts fetch only (the app's one way to HTTP). setupServer() would take
 * WebSocket too, and its stand-in holds a game socket open that jsdom's refuses at once, so
 * each game would wait for its socket to time out before going over HTTP.
 */
export const server = new SetupServerApi(defaultHandlers, [new FetchInterceptor()]);

async function callOf(request: Request): Promise<ApiCall> {
  const url = new URL(request.url);
  const body = request.body ? await request.clone().text() : undefined;
  return {
    url: url.pathname + url.search,
    method: request.method,
    headers: Object.fromEntries(request.headers),
    body,
    credentials: request.credentials,
    signal: request.signal,
  };
}

/** A fixed answer is a Response read once; each call gets its own copy. */
function answerOf(answer: Route, call: ApiCall) {
  return answer instanceof Response ? answer.clone() : answer(call);
}

/** MSW handlers for a table of "METHOD /path" or "/path" (any method) to answers. */
function byRoute(table: Routes): HttpHandler[] {
  return Object.entries(table).map(([route, answer]) => {
    const [method, path] = route.includes(' ') ? route.split(' ') : ['ALL', route];
    const on = http[method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all'];
    return on(
      path,
      async ({ request }) => (await answerOf(answer, await callOf(request))) ?? undefined,
    );
  });
}

/**
 * Puts answers in front of the shared ones for this test, each in turn: route tables, handlers
 * for every request (null passes the call on), or one answer for every request. Returns the
 * calls the app makes, filled in as they arrive.
 */
export function useApi(...answers: Array<Routes | CallHandler | Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  const record = http.all('*', async ({ request }) => {
    calls.push(await callOf(request));
  });
  const handlers = answers.flatMap((answer) =>
    typeof answer === 'function' || answer instanceof Response
      ? [
          http.all(
            '*',
            async ({ request }) => (await answerOf(answer, await callOf(request))) ?? undefined,
          ),
        ]
      : byRoute(answer),
  );
  server.use(record, ...handlers);
  return calls;
}

/** An answer with a JSON body (or a raw string body). */
export function respond(status: number, body?: unknown, statusText?: string): Response {
  const init = statusText === undefined ? { status } : { status, statusText };
  if (body === undefined) return new HttpResponse(null, init);
  return typeof body === 'string' ? new HttpResponse(body, init) : HttpResponse.json(body, init);
}

/** An answer that never comes: the request waits until the app aborts it (fetch then rejects). */
export function hang(): Promise<Response> {
  return new Promise(() => undefined);
}

/** An answer the test gives by hand, to look at the pending state first: `answer` is the handler. */
export function heldAnswer() {
  let release!: (response: Response) => void;
  const held = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { answer: () => held, release };
}

/** fetch failing to reach the server (it rejects with a TypeError). */
export function networkFailure(): Response {
  return HttpResponse.error();
}

/** Answers each call with the next item of the list (the last one repeats). */
export function sequence(...answers: Route[]): CallHandler {
  let index = 0;
  return (call) => answerOf(answers[Math.min(index++, answers.length - 1)], call);
}

/** The JSON body a call sent. */
export function sentBody(call: ApiCall): unknown {
  return call.body === undefined ? undefined : JSON.parse(call.body);
}

/** The calls made to one method and path (query left out). */
export function callsTo(calls: ApiCall[], method: string, path: string): ApiCall[] {
  return calls.filter((c) => c.method === method && c.url.split('?')[0] === path);
}

/** A call's query parameters. */
export function queryOf(call: ApiCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
}

/** A header a call sent. */
export function headerOf(call: ApiCall, name: string): string | undefined {
  return call.headers[name.toLowerCase()];
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
