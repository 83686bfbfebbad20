import http from 'node:http';
import type { Duplex } from 'node:stream';
import {
  clientIp,
  refuseUpgrade,
  sendJson,
  sessionTokenFromCookies,
  TOO_MANY_SOCKETS,
  type Logger,
} from '@ballmatch/platform';
import { WebSocketServer } from 'ws';
import type { Hub } from './hub';

export const WS_PATH = '/ws';

export interface ServerOptions {
  hub: Hub;
  logger: Logger;
  trustProxy: number;
  maxMessageBytes: number;
  /** The player a session token proves (signature and expiry), or null. */
  playerOf: (token: string) => Promise<string | null>;
  /** NATS answers: /readyz is 200 only then. */
  eventsConnected: () => boolean;
  draining: () => boolean;
}

function destroyOnError(this: Duplex): void {
  this.destroy();
}

/**
 * Gives `ip`'s place back if `socket` closes before the hub takes it over; returns the listener
 * to remove then. Made apart from the upgrade handler on purpose: a closure there would keep
 * the handshake's request (headers and all) alive as long as the socket is open.
 */
function placeHolder(hub: Hub, ip: string, socket: Duplex): () => void {
  const release = () => hub.release(ip);
  socket.once('close', release);
  return release;
}

/** The HTTP side (health, readiness) and the WebSocket handshake at /ws. */
export function createHttpServer(options: ServerOptions): http.Server {
  const { hub, logger } = options;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: options.maxMessageBytes,
    // Compression would cost a deflate per socket per update: the point of fan-out is to
    // write the same bytes to every socket.
    perMessageDeflate: false,
    clientTracking: false,
  });

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendJson(res, 405, { message: 'Method not allowed' });
    }
    if (path === '/healthz') return sendJson(res, 200, { status: 'ok' });
    if (path === '/readyz') {
      const nats = options.eventsConnected() ? 'connected' : 'disconnected';
      const ready = !options.draining() && nats === 'connected';
      return sendJson(res, ready ? 200 : 503, {
        status: ready ? 'ready' : options.draining() ? 'draining' : 'not ready',
        checks: { nats },
        connections: hub.connectionCount,
      });
    }
    if (path === WS_PATH) {
      res.setHeader('upgrade', 'websocket');
      return sendJson(res, 426, { message: `${WS_PATH} is a WebSocket endpoint` });
    }
    sendJson(res, 404, { message: 'Not found' });
  });

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    // A peer that resets mid-handshake must not take the process down.
    socket.on('error', destroyOnError);
    const path = (req.url ?? '/').split('?')[0];
    if (path !== WS_PATH) return refuseUpgrade(socket, 404, 'Not found');
    if (options.draining()) {
      return refuseUpgrade(socket, 503, 'Restarting; connect again');
    }
    const ip = clientIp(req, options.trustProxy);
    if (!hub.reserve(ip)) {
      logger.warn({ ip }, 'per-IP connection limit reached: handshake refused');
      return refuseUpgrade(socket, 429, TOO_MANY_SOCKETS);
    }
    const releaseOnClose = placeHolder(hub, ip, socket);
    const upgrade = (userId: string | null) => {
      if (socket.destroyed) return; // gone while its cookie was checked (its place released)
      wss.handleUpgrade(req, socket, head, (ws) => {
        socket.off('close', releaseOnClose); // the hub's now: it releases the place on close
        hub.add(ws, ip, socket, userId);
      });
    };
    // A session cookie (the browser sends it through the gateway) makes the socket its
    // player's; a missing or bad one leaves it a guest's, never refused.
    const token = sessionTokenFromCookies(req.headers.cookie);
    if (token) void options.playerOf(token).then(upgrade);
    else upgrade(null);
  });
  return server;
}
