import type { RequestHandler } from 'express';
import {
  context,
  REQUEST_ID_HEADER,
  SESSION_CREDENTIAL_HEADER,
  runWithRequestContext,
  sanitizeRequestId,
  type Logger,
} from '@ballmatch/platform';

/**
 * Gives every request an id (the caller's when well-formed), logs it once finished, and keeps a
 * player session's credential (X-Session-Credential) and the client's address (as `TRUST_PROXY`
 * reads it) for the service calls it makes.
 */
export function requestContext(logger: Logger): RequestHandler {
  const lines = requestLogger(logger);
  return (req, res, next) => {
    const requestId = sanitizeRequestId(req.get(REQUEST_ID_HEADER));
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    // Read now: a router mounted at /api shortens req.path while the request is in it.
    const path = req.path;
    // The request's trace (httpTelemetry's span), so its summary line carries the trace id too.
    const traced = context.active();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      context.with(traced, () =>
        runWithRequestContext({ requestId }, () =>
          lines.info(
            {
              method: req.method,
              path,
              status: res.statusCode,
              ms: Math.round(ms * 10) / 10,
              ip: req.ip,
            },
            'request',
          ),
        ),
      );
    });
    // A player session's credential rides along to the services that check it.
    const credential = req.get(SESSION_CREDENTIAL_HEADER);
    const sessionCredential =
      credential && /^[A-Za-z0-9_-]{1,100}$/.test(credential) ? credential : undefined;
    runWithRequestContext({ requestId, sessionCredential, clientAddress: req.ip }, next);
  };
}

/**
 * The logger of the one line per request: its fields (method, path, status, ms, ip and ids)
 * carry no secret, so it skips the redaction pass, which cost more than the rest of the line.
 */
export function requestLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}
