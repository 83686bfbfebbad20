// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket'):
// one WebSocket per game, `/ws/game?session=<id>` (the Ingress routes a game to the process that
// holds it by that id), opened when the game begins and closed when it ends. HTTP stays the
// fallback: an action the socket cannot carry (not open, closed, restarting, or no answer in a
// few seconds) goes over HTTP with the same `seq`, and the server answers a repeat with the
// answer it stored, so nothing is applied twice.
import { ApiError } from '@/lib/api-client';
import {
  readAnswer,
  type ActionAnswer,
  type GameView,
  type PlayerAction,
} from '../model/game-view';
import type { getSessionGame} from './player-session';
import { playSessionAction } from './player-session';

export const GAME_SOCKET_PATH = '/ws/game';
/** How long an action waits for its answer on the socket before it goes over HTTP. */
export const SOCKET_ANSWER_TIMEOUT_MS = 4000;

/** The socket could not carry the action: send it over HTTP instead. */
class SocketUnavailable extends Error {}

export function gameSocketUrl(
  sessionId: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${GAME_SOCKET_PATH}?session=${encodeURIComponent(sessionId)}`;
}

/** The server's game replaced the one the page showed; the board is redrawn from `game`. */
export class GameReplaced extends Error {
  constructor(
    readonly game: GameView,
    /** Whether the player is told (their board went back to an earlier move). */
    readonly notice: boolean,
  ) {
    super("The server's game replaced the page's");
    this.name = 'GameReplaced';
  }
}

/** What a game's connection tells the game besides its answers. */
export interface ConnectionEvents {
  /** The server's game replaced the page's (the action waiting, if any, rejects with it too). */
  replaced(game: GameView, notice: boolean): void;
  /** An action has waited a while for a cut socket to come back (true), or no longer (false). */
  reconnecting(on: boolean): void;
}

/** One game's line to the server. */
export interface GameConnection {
  /**
   * One action (after the previous one's answer): its answer, or an ApiError as HTTP would give
   * it (a refusal), or GameReplaced.
   */
  play(body: { seq: number; action: PlayerAction }, current: GameView): Promise<ActionAnswer>;
  /** The game has ended or been left: closes once the actions in flight are answered. */
  close(): void;
}

export interface ConnectOptions {
  sessionId: string;
  /** '' when the socket's signed-in player owns the game. */
  credential: string;
  /** The game as the page has it when it begins. */
  game: GameView;
  events: ConnectionEvents;
  url?: (sessionId: string) => string;
  createSocket?: (url: string) => WebSocket;
  answerTimeoutMs?: number;
  /** The HTTP route, for what the socket cannot carry. */
  playAction?: typeof playSessionAction;
  readGame?: typeof getSessionGame;
}

interface Waiting {
  seq: number;
  resolve(answer: ActionAnswer): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Opens the game's socket and answers its actions over it, or over HTTP. */
export function connectGameSocket(options: ConnectOptions): GameConnection {
  const { sessionId, credential } = options;
  const playOverHttp = options.playAction ?? playSessionAction;
  const create = options.createSocket ?? ((url: string) => new WebSocket(url));
  const timeoutMs = options.answerTimeoutMs ?? SOCKET_ANSWER_TIMEOUT_MS;
  let socket: WebSocket | null = null;
  let waiting: Waiting | null = null;

  function settle(): Waiting | null {
    const entry = waiting;
    if (entry) clearTimeout(entry.timer);
    waiting = null;
    return entry;
  }

  function onMessage(event: MessageEvent): void {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(String(event.data)) as Record<string, unknown>;
    } catch {
      return;
    }
    if (frame.session !== sessionId || !waiting || frame.seq !== waiting.seq) return;
    const entry = settle()!;
    if (frame.type === 'answer') {
      try {
        entry.resolve(readAnswer(frame.answer));
      } catch (error) {
        entry.reject(error as Error);
      }
      return;
    }
    const status = typeof frame.status === 'number' ? frame.status : 500;
    if (status === 503 || status === 429) {
      entry.reject(new SocketUnavailable(String(frame.message)));
      return;
    }
    const { message, field } = frame;
    entry.reject(new ApiError(status, '', JSON.stringify({ message, field })));
  }

  function open(): void {
    if (typeof WebSocket === 'undefined' && !options.createSocket) return;
    if (socket && socket.readyState <= 1) return;
    try {
      const opened = create((options.url ?? gameSocketUrl)(sessionId));
      opened.addEventListener('message', onMessage);
      opened.addEventListener('close', () => {
        if (socket === opened) socket = null;
        settle()?.reject(new SocketUnavailable('the game socket closed'));
      });
      socket = opened;
    } catch {
      socket = null;
    }
  }

  function overSocket(body: { seq: number; action: PlayerAction }): Promise<ActionAnswer> {
    const ready = socket;
    if (!ready || ready.readyState !== 1) {
      open();
      return Promise.reject(new SocketUnavailable('the game socket is not open'));
    }
    return new Promise<ActionAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        settle()?.reject(new SocketUnavailable('no answer on the game socket'));
      }, timeoutMs);
      waiting = { seq: body.seq, resolve, reject, timer };
      ready.send(
        JSON.stringify({
          type: 'action',
          session: sessionId,
          seq: body.seq,
          action: body.action,
          ...(credential ? { credential } : {}),
        }),
      );
    });
  }

  open();
  return {
    async play(body) {
      try {
        return await overSocket(body);
      } catch (error) {
        if (!(error instanceof SocketUnavailable)) throw error;
        return playOverHttp(sessionId, credential, body);
      }
    },
    close() {
      const closing = socket;
      socket = null;
      closing?.close();
    },
  };
}
