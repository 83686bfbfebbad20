import pino, { type DestinationStream, type Logger } from 'pino';
import { currentRequestContext } from './request-context';
import { activeTraceIds } from './tracing';

export type { Logger };

/**
 * Structured JSON logs; every line made inside a request carries its requestId, and its
 * traceId and spanId while tracing is on (the same ids in every service the request reached).
 */
export function createLogger(
  service: string,
  level = 'info',
  /** Where lines go (standard output unless given: tests read them). */
  destination?: DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    mixin() {
      const ctx = currentRequestContext();
      const ids = activeTraceIds();
      return { ...(ctx && { requestId: ctx.requestId }), ...ids };
    },
    redact: {
      paths: [
        'password',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        'token',
        '*.token',
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
