import type { IncomingMessage, ServerResponse } from 'node:http';
import fresh from 'fresh';
import proxyaddr from 'proxy-addr';
import {
  httpRequestDuration,
  REQUEST_ID_HEADER,
  sanitizeRequestId,
  SpanKind,
  tracer,
  type Logger,
} from '@ballmatch/platform';
import type { RateLimiter } from './middleware/rate-limit';
import { requestLogger } from './middleware/request-context';
import type { LineDestination } from './log-destination';
import { requestLineWriter, type RequestLineFields } from './request-line';
import { SECURITY_HEADERS } from './middleware/security-headers';
import type { HotReadCache, PreparedJson } from './read-cache';

const SECURITY_FLAT = SECURITY_HEADERS.flat();
const JSON_TYPE = 'application/json; charset=utf-8';

interface Series {
  observe(seconds: number): void;
}

/**
 * Hot public reads answered before Express. A cached read (HotReadCache.sendJson) is the same for
 * every caller, so once Express has answered a URL with it, the same URL is answered here with
 * the same bytes until the cache entry expires: the security headers and the request id, the
 * ETag (304 to a matching If-None-Match, as Express decides it), the API rate limit (from the
 * tokens this replica holds; when it would have to ask Redis, or refuse, Express answers), the
 * request's log line, its latency in the route's series and its span. No session is read: the
 * answer does not depend on one. Anything else (another method, a body, a URL not replayable
 * now) goes to Express. Returns whether it answered.
 */
export function hotReadReplay(options: {
  cache: HotReadCache;
  limiter: RateLimiter;
  logger: Logger;
  /** Where `logger` writes (its request lines are then made without it: request-line.ts). */
  logLines?: LineDestination;
  /** Express's compiled `trust proxy` (app.get('trust proxy fn')): the same client address. */
  trustProxy: (address: string, hop: number) => boolean;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { cache, limiter, trustProxy } = options;
  const lines = requestLogger(options.logger);
  const writeLine =
    requestLineWriter(options.logger, options.logLines) ??
    ((fields: RequestLineFields) => lines.info(fields, 'request'));
  const edge = tracer();
  const latency = { 200: new Map<string, Series>(), 304: new Map<string, Series>() };
  const latencyOf = (route: string, status: 200 | 304) => {
    let series = latency[status].get(route);
    if (!series) {
      series = httpRequestDuration.labels('GET', route, String(status));
      latency[status].set(route, series);
    }
    return series;
  };
  // Each answer's header lists, made once; the request id goes in the slot after its name.
  const headerLists = new WeakMap<PreparedJson, { ok: string[]; notModified: string[] }>();
  const headersOf = (answer: PreparedJson) => {
    let lists = headerLists.get(answer);
    if (!lists) {
      const common = [REQUEST_ID_HEADER, '', ...SECURITY_FLAT, 'etag', answer.etag];
      lists = {
        ok: [...common, 'content-type', JSON_TYPE, 'content-length', String(answer.body.length)],
        notModified: common,
      };
      headerLists.set(answer, lists);
    }
    return lists;
  };

  return (req, res) => {
    if (req.method !== 'GET' || !req.url) return false;
    const replay = cache.replay(req.url);
    if (!replay) return false;
    const { headers } = req;
    // A GET with a body goes where bodies are read (and refused when malformed).
    if (headers['transfer-encoding'] !== undefined) return false;
    if (headers['content-length'] !== undefined && headers['content-length'] !== '0') return false;
    const ip = proxyaddr(req, trustProxy);
    if (limiter.tryLocal(ip) !== true) return false;

    const started = performance.now();
    const { route, answer } = replay;
    const span = edge.startSpan(`GET ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': 'GET', 'http.route': route },
    });
    const requestId = sanitizeRequestId(headers[REQUEST_ID_HEADER]);
    const notModified = fresh(headers, { etag: answer.etag });
    const status = notModified ? 304 : 200;
    const lists = headersOf(answer);
    const headerList = (notModified ? lists.notModified : lists.ok).slice();
    headerList[1] = requestId;
    res.writeHead(status, headerList);
    if (notModified) res.end();
    else res.end(answer.body);

    const ms = performance.now() - started;
    latencyOf(route, status).observe(ms / 1000);
    span.setAttribute('http.response.status_code', status);
    span.end();
    const queryAt = req.url.indexOf('?');
    const traced = span.isRecording()
      ? { traceId: span.spanContext().traceId, spanId: span.spanContext().spanId }
      : undefined;
    writeLine({
      requestId,
      ...traced,
      method: 'GET',
      path: queryAt === -1 ? req.url : req.url.slice(0, queryAt),
      status,
      ms: Math.round(ms * 10) / 10,
      ip,
    });
    return true;
  };
}
