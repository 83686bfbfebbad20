// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket'):
// one WebSocket to /ws/game, opened when a ranked game starts, lands each action in the process
// that holds the game. HTTP stays the fallback: an action the socket cannot carry (not open,
// closed, restarting, or no answer in a few seconds) goes over HTTP with the same `seq`, and the
// server answers a repeat with the answer it stored, so nothing is applied twice.
import { ApiError } from '@/lib/api-client';
import { readAnswer, type ActionAnswer, type PlayerAction } from '../model/game-view';
import { playSessionAction } from './player-session';

export const GAME_SOCKET_PATH = '/ws/game';
/** How long an action waits for its answer on the socket before it goes over HTTP. */
export const SOCKET_ANSWER_TIMEOUT_MS = 4000;

/** The socket could not carry the action: send it over HTTP instead. */
export class SocketUnavailable extends Error {}

interface Waiting {
  resolve(answer: ActionAnswer): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

export function gameSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location) {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GAME_SOCKET_PATH}`;
}

export interface GameSocket {
  /** Opens the socket unless it is open or opening (when a ranked game starts). */
  open(): void;
  /** One action over the socket; rejects with SocketUnavailable when it cannot carry it. */
  send(
    id: string,
    credential: string,
    body: { seq: number; action: PlayerAction },
  ): Promise<ActionAnswer>;
  close(): void;
}

export function createGameSocket(
  options: {
    url?: () => string;
    createSocket?: (url: string) => WebSocket;
    answerTimeoutMs?: number;
  } = {},
): GameSocket {
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const timeoutMs = options.answerTimeoutMs ?? SOCKET_ANSWER_TIMEOUT_MS;
  let socket: WebSocket | null = null;
  /** Actions sent and not answered yet, by `session seq`. */
  const waiting = new Map<string, Waiting>();
  const keyOf = (session: unknown, seq: unknown) => `${String(session)} ${String(seq)}`;

  function settle(key: string): Waiting | undefined {
    const entry = waiting.get(key);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    waiting.delete(key);
    return entry;
  }

  function failAll(why: string): void {
    for (const key of [...waiting.keys()]) settle(key)?.reject(new SocketUnavailable(why));
  }

  function onMessage(event: MessageEvent): void {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(String(event.data)) as Record<string, unknown>;
    } catch {
      return;
    }
    const entry = settle(keyOf(frame.session, frame.seq));
    if (!entry) return; // answered over HTTP meanwhile, or not ours
    if (frame.type === 'answer') {
      try {
        entry.resolve(readAnswer(frame.answer));
      } catch (error) {
        entry.reject(error as Error);
      }
      return;
    }
    const status = typeof frame.status === 'number' ? frame.status : 500;
    // Restarting (503) or held back (429): HTTP carries it, possibly to another replica.
    if (status === 503 || status === 429) {
      entry.reject(new SocketUnavailable(String(frame.message)));
      return;
    }
    // Anything else is the answer HTTP would give: the same status, message and field.
    const { message, field } = frame;
    entry.reject(new ApiError(status, '', JSON.stringify({ message, field })));
  }

  return {
    open() {
      if (typeof WebSocket === 'undefined' && !options.createSocket) return;
      if (socket && socket.readyState <= 1) return; // CONNECTING or OPEN
      try {
        const opened = create(options.url ? options.url() : gameSocketUrl());
        opened.addEventListener('message', onMessage);
        opened.addEventListener('close', () => {
          if (socket === opened) socket = null;
          failAll('the game socket closed');
        });
        socket = opened;
      } catch {
        socket = null;
      }
    },
    send(id, credential, body) {
      const open = socket;
      if (!open || open.readyState !== 1) {
        this.open(); // for the next action; this one goes over HTTP
        return Promise.reject(new SocketUnavailable('the game socket is not open'));
      }
      const key = keyOf(id, body.seq);
      settle(key)?.reject(new SocketUnavailable('sent again'));
      return new Promise<ActionAnswer>((resolve, reject) => {
        const timer = setTimeout(() => {
          settle(key)?.reject(new SocketUnavailable('no answer on the game socket'));
        }, timeoutMs);
        waiting.set(key, { resolve, reject, timer });
        open.send(
          JSON.stringify({
            type: 'action',
            session: id,
            seq: body.seq,
            action: body.action,
            ...(credential ? { credential } : {}),
          }),
        );
      });
    },
    close() {
      socket?.close();
      socket = null;
      failAll('closed');
    },
  };
}

/** The page's one game socket. */
export const gameSocket = createGameSocket();

/**
 * An action over the game socket, or over HTTP (`playSessionAction`, with its retries) when the
 * socket cannot carry it: the same `seq`, so the server applies it once either way.
 */
export async function playActionFast(
  id: string,
  credential: string,
  body: { seq: number; action: PlayerAction },
  socket: GameSocket = gameSocket,
): Promise<ActionAnswer> {
  try {
    return await socket.send(id, credential, body);
  } catch (error) {
    if (!(error instanceof SocketUnavailable)) throw error;
    return playSessionAction(id, credential, body);
  }
}
