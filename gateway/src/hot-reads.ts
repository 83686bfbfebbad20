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
import type { ReadCache } from './read-cache';

const SECURITY_FLAT = SECURITY_HEADERS.flat();
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Hot public reads answered before Express. A cached read (ReadCache.sendJson) is the same for
 * every caller, so once Express has answered a URL with it, the same URL is answered here with
 * the same bytes until the cache entry expires: the security headers and the request id, the
 * ETag (304 to a matching If-None-Match, as Express decides it), the API rate limit (from the
 * tokens this replica holds; when it would have to ask Redis, or refuse, Express answers), the
 * request's log line, its latency in the route's series and its span. No session is read: the
 * answer does not depend on one. Anything else (another method, a body, a URL not replayable
 * now) goes to Express. Returns whether it answered.
 */
export function hotReadReplay(options: {
  cache: ReadCache;
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
  const latency = new Map<string, { observe(seconds: number): void }>();
  const latencyOf = (route: string, status: number) => {
    const key = `${status} ${route}`;
    let series = latency.get(key);
    if (!series) {
      series = httpRequestDuration.labels('GET', route, String(status));
      latency.set(key, series);
    }
    return series;
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

    const started = process.hrtime.bigint();
    const { route, answer } = replay;
    const span = tracer().startSpan(`GET ${route}`, {
      kind: SpanKind.SERVER,
      attributes: { 'http.request.method': 'GET', 'http.route': route },
    });
    const requestId = sanitizeRequestId(headers[REQUEST_ID_HEADER]);
    const notModified = fresh(headers, { etag: answer.etag });
    const status = notModified ? 304 : 200;
    res.writeHead(
      status,
      notModified
        ? [REQUEST_ID_HEADER, requestId, ...SECURITY_FLAT, 'etag', answer.etag]
        : [
            REQUEST_ID_HEADER,
            requestId,
            ...SECURITY_FLAT,
            'content-type',
            JSON_TYPE,
            'etag',
            answer.etag,
            'content-length',
            String(answer.body.length),
          ],
    );
    if (notModified) res.end();
    else res.end(answer.body);

    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    latencyOf(route, status).observe(seconds);
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
      ms: Math.round(seconds * 10_000) / 10,
      ip,
    });
    return true;
  };
}
