import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * The web app ships no inline scripts and loads nothing from other origins; it talks to this
 * origin only, its WebSocket included.
 */
const helmetHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // 'self' covers the page's own /ws too (CSP Level 3 matches ws: and wss: of this host).
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});

/** What helmet sets, asked once: none of these headers depends on the request. */
function recordHeaders(): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers.push([name.toLowerCase(), String(value)]);
      return recorder;
    },
    removeHeader() {},
  };
  helmetHeaders({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** [name, value] of every security header, for answers made without Express (hot reads). */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = recordHeaders();

/** Sets the security headers (helmet's, computed once) on every answer. */
export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  next();
};
