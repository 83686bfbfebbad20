import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Plain HTTP answers of the WebSocket servers (realtime's /ws, sessions' /ws/game) and the
 * gateway's proxy to them, outside Express: one `{message}` body shape everywhere.
 */

/** A JSON answer, never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  res.end(text);
}

/** Refuses a WebSocket handshake with a plain HTTP answer and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The site's origins as configured (PUBLIC_ORIGIN split at commas; a trailing slash ignored). */
export function allowedOrigins(origins: string[]): Set<string> {
  return new Set(origins.map((o) => o.trim().replace(/\/$/, '')).filter(Boolean));
}

/**
 * Browsers send cookies with WebSocket handshakes from any site and no CORS applies, so a
 * handshake that states an Origin must come from the host it is made to or a configured public
 * origin (the gateway's socket proxy, and sessions' game socket reached without the gateway).
 */
export function handshakeOriginAllowed(req: IncomingMessage, allowed: Set<string>): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser: no ambient cookie to abuse
  if (allowed.has(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The refusal of a cross-site handshake (and of a cross-site request, by the gateway). */
export const CROSS_SITE_REFUSED = 'Cross-site request refused';
