import type { IncomingMessage } from 'node:http';
import type net from 'node:net';
import type { Duplex } from 'node:stream';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  allowedOrigins,
  clientIp,
  CROSS_SITE_REFUSED,
  handshakeOriginAllowed,
  refuseUpgrade,
  sessionTokenFromCookies,
  type Logger,
} from '@ballmatch/platform';

/** A WebSocket path of this site and the service behind it. */
export interface SocketRoute {
  path: string;
  /** The service's HTTP base URL. */
  target: string;
  /** Its name, for logs and the 503 of a service out of reach. */
  service: string;
}

/**
 * The site's WebSockets: `/ws` (realtime's events, docs/api.md 'Realtime (/ws)') and `/ws/game`
 * (the sessions service's game socket, 'Ranked games over the game socket').
 */
export const socketRoutes = (urls: { realtime: string; sessions: string }): SocketRoute[] => [
  { path: '/ws', target: urls.realtime, service: 'realtime' },
  { path: '/ws/game', target: urls.sessions, service: 'sessions' },
];

export interface SocketProxy {
  /** Plain HTTP requests to a socket path (its service answers 426 Upgrade Required). */
  http: RequestHandler;
  /** For the HTTP server's 'upgrade' event: checks, then proxies the WebSocket to its service. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Cuts every proxied socket (shutdown: clients reconnect, to another gateway pod). */
  closeAll(): void;
}

/**
 * Each socket path goes to its service through http-proxy-middleware, with the same checks for
 * all: refused while draining and cross-site; X-Forwarded-For replaced with the one client
 * address the gateway trusts (so a service's per-IP limit counts real clients and a client
 * cannot write its own); a session cookie that no longer opens its session is dropped.
 */
export function createSocketProxy(options: {
  routes: SocketRoute[];
  allowedOrigins: string[];
  trustProxy: number;
  logger: Logger;
  draining: () => boolean;
  /** Whether a session token still opens its session (signature, expiry, not signed out). */
  sessionOpen: (token: string) => Promise<boolean>;
}): SocketProxy {
  const { logger } = options;
  const allowed = allowedOrigins(options.allowedOrigins);
  const sockets = new Set<Duplex>();
  const proxies = new Map(
    options.routes.map(({ path, target, service }) => [
      path,
      createProxyMiddleware({
        target,
        pathFilter: (url) => url === path || url.startsWith(`${path}?`),
        // Headers are set below from what the gateway trusts, not appended to the client's.
        xfwd: false,
        on: {
          error: (error, req, res) => {
            logger.warn({ err: error.message, path: req.url, service }, 'socket proxy error');
            if ('writeHead' in res) {
              if (!res.headersSent) {
                res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
              }
              res.end(JSON.stringify({ message: `The ${service} service is unavailable.` }));
            } else {
              res.destroy();
            }
          },
        },
      }),
    ]),
  );

  function setForwardedHeaders(req: IncomingMessage): void {
    const ip = clientIp(req, options.trustProxy);
    const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
    const forwardedProto =
      options.trustProxy > 0
        ? String(req.headers['x-forwarded-proto'] ?? '')
            .split(',')[0]!
            .trim()
        : '';
    req.headers['x-forwarded-for'] = ip;
    req.headers['x-forwarded-proto'] = forwardedProto || (encrypted ? 'https' : 'http');
    delete req.headers['forwarded'];
  }

  return {
    http: (req, res, next) => {
      const proxy = proxies.get(req.path);
      if (!proxy) return next();
      setForwardedHeaders(req);
      void proxy(req, res, next);
    },
    upgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      const proxy = proxies.get((req.url ?? '/').split('?')[0]!);
      if (!proxy) return refuseUpgrade(socket, 404, 'Not found');
      if (options.draining()) {
        return refuseUpgrade(socket, 503, 'Restarting; connect again');
      }
      if (!handshakeOriginAllowed(req, allowed)) {
        logger.warn({ origin: req.headers.origin }, 'cross-site WebSocket handshake refused');
        return refuseUpgrade(socket, 403, CROSS_SITE_REFUSED);
      }
      setForwardedHeaders(req);
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      // The services verify the session cookie's signature themselves (a socket with a valid
      // one is its player's); realtime has no deny-list, so a signed-out token's cookie stops
      // here, and the socket goes on as a guest's (as the HTTP routes treat it).
      const token = sessionTokenFromCookies(req.headers.cookie);
      if (!token) return proxy.upgrade(req, socket as net.Socket, head);
      void options.sessionOpen(token).then((open) => {
        if (!open) delete req.headers.cookie;
        if (!socket.destroyed) proxy.upgrade(req, socket as net.Socket, head);
      });
    },
    closeAll() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
  };
}
