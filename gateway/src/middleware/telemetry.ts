import type { Request, RequestHandler, Response } from 'express';
import {
  context,
  failSpan,
  httpRequestDuration,
  SpanKind,
  trace,
  tracer,
} from '@ballmatch/platform';

/**
 * The route pattern that answered (`/api/scores/:id`), never the URL itself: one series per
 * route however many ids, pages and made-up paths are asked for.
 */
export function routeOf(req: Request, res: Response): string {
  if (req.route?.path !== undefined) {
    const mount = typeof res.locals.mount === 'string' ? res.locals.mount : '';
    return `${mount}${String(req.route.path)}`;
  }
  const path = req.originalUrl.split('?')[0] ?? '';
  if (path === '/api' || path.startsWith('/api/')) return '/api (no route)';
  if (path === '/ws' || path.startsWith('/ws/')) return '/ws';
  return '(web app)';
}

/**
 * First in a router mounted at a path (`/api`): notes the path, since Express has put `baseUrl`
 * back by the time the answer is finished and the route is named.
 */
export const rememberMount: RequestHandler = (req, res, next) => {
  res.locals.mount = req.baseUrl;
  next();
};

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * First on every request: times it into the latency histogram (by method, route pattern and
 * status) and makes it the root span of a trace that gRPC calls and events carry on. A trace
 * starts here: a `traceparent` sent by a browser is not followed (a client must not choose trace
 * ids or sampling for the servers).
 */
export function httpTelemetry(): RequestHandler {
  return (req, res, next) => {
    const method = KNOWN_METHODS.has(req.method) ? req.method : 'OTHER';
    const span = tracer().startSpan(
      method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': method } },
      trace.deleteSpan(context.active()),
    );
    const started = process.hrtime.bigint();
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      const route = routeOf(req, res);
      // A client that went away before the answer was sent: 499, as nginx counts it.
      const status = res.writableFinished ? res.statusCode : 499;
      httpRequestDuration.observe(
        { method, route, status: String(status) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) failSpan(span, new Error(`HTTP ${status}`));
      span.end();
    };
    res.on('finish', end);
    res.on('close', end);
    context.with(trace.setSpan(context.active(), span), next);
  };
}
