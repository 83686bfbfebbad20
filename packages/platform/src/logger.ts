import pino, { type Logger } from 'pino';
import { currentRequestContext } from './request-context';

export type { Logger };

/** Structured JSON logs; every line made inside a request carries its requestId. */
export function createLogger(service: string, level = 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    mixin() {
      const ctx = currentRequestContext();
      return ctx ? { requestId: ctx.requestId } : {};
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
  });
}
