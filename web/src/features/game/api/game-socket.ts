// Ranked-game actions over the game socket (docs/api.md 'Ranked games over the game socket',
// 'Clients'): one WebSocket per game, `/ws/game?session=<id>` (the Ingress routes a game to the
// process that holds it by that id), opened when the game begins and closed when it ends.
// That process answers from memory and writes its log in batches, so every answer says up to
// which action the game is durable: the page keeps the actions after that, with their answers,
// and when the socket is cut it reconnects and sends them again, in order with their `seq`,
// before anything new; a process that picked the game up replays them to the same boards.
// HTTP stays the fallback when there is nothing to send again (its answers are durable): an
// action the socket cannot carry then goes over HTTP with the same `seq`. One path at a time.
import { dequal } from 'dequal';
import { ApiError } from '@/lib/api-client';
import {
  readAnswer,
  readGame,
  type ActionAnswer,
  type GameView,
  type PlayerAction,
} from '../model/game-view';
import { getSessionGame, playSessionAction } from './player-session';

export const GAME_SOCKET_PATH = '/ws/game';
/** How long an action waits for its answer on the socket (or for it to open) before HTTP. */
export const SOCKET_ANSWER_TIMEOUT_MS = 4000;
/** The waits before each attempt to reopen the socket; the last repeats while the game goes on. */
export const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 5000] as const;
/** How long a move waits for a cut socket before the player is told 'Reconnecting…'. */
export const RECONNECTING_NOTICE_MS = 1000;

const OPEN = 1;

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

/** An action of the game, kept from when it is made until it is durable. */
interface Kept {
  seq: number;
  action: PlayerAction;
  /** The answer the page was given; null until it has one. */
  answer: ActionAnswer | null;
  /** Who waits for the answer, until it comes. */
  waiter: { resolve(answer: ActionAnswer): void; reject(error: Error): void } | null;
  /** The socket it was last sent on, and the one that answered (or acknowledged) it. */
  sentOn: WebSocket | null;
  answeredOn: WebSocket | null;
}

type Frame = Record<string, unknown>;

const isSeq = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Opens the game's socket and carries its actions, resending what is not durable after a cut. */
export function connectGameSocket(options: ConnectOptions): GameConnection {
  return new GameSocketConnection(options);
}

class GameSocketConnection implements GameConnection {
  private readonly playOverHttp: typeof playSessionAction;
  private readonly readOverHttp: typeof getSessionGame;
  private readonly timeoutMs: number;
  private socket: WebSocket | null = null;
  /** Failed attempts to open since the socket was last open (the backoff's step). */
  private attempts = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** In order: every action whose seq ≥ durableSeq, and the one waiting for its answer. */
  private kept: Kept[] = [];
  /** The server's game is durable below this seq. */
  private durableSeq: number;
  /** The newest game the page was given. */
  private shown: GameView;
  /** The action on the socket, waiting for its reply; one at a time, so the server keeps order. */
  private inFlight: { entry: Kept; resent: boolean; timer: ReturnType<typeof setTimeout> } | null =
    null;
  /** An action over HTTP, or a read of the game, is on its way: the socket waits for it. */
  private overHttp = false;
  /** How long an action waits for a socket that is opening. */
  private openWait: ReturnType<typeof setTimeout> | null = null;
  private openWaitOver = false;
  private noticeTimer: ReturnType<typeof setTimeout> | null = null;
  private noticeShown = false;
  private closing = false;
  private closed = false;

  constructor(private readonly options: ConnectOptions) {
    this.playOverHttp = options.playAction ?? playSessionAction;
    this.readOverHttp = options.readGame ?? getSessionGame;
    this.timeoutMs = options.answerTimeoutMs ?? SOCKET_ANSWER_TIMEOUT_MS;
    this.durableSeq = options.game.seq;
    this.shown = options.game;
    this.connect();
  }

  play(body: { seq: number; action: PlayerAction }, current: GameView): Promise<ActionAnswer> {
    if (this.closed) {
      return this.playOverHttp(this.options.sessionId, this.options.credential, body);
    }
    return new Promise<ActionAnswer>((resolve, reject) => {
      this.shown = current;
      this.kept.push({
        ...body,
        answer: null,
        waiter: { resolve, reject },
        sentOn: null,
        answeredOn: null,
      });
      this.pump();
    });
  }

  close(): void {
    this.closing = true;
    this.pump();
  }

  // --- the socket --------------------------------------------------------------------------

  private connect(): void {
    if (this.closed || (!this.options.createSocket && typeof WebSocket === 'undefined')) return;
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url));
    let socket: WebSocket;
    try {
      socket = create((this.options.url ?? gameSocketUrl)(this.options.sessionId));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.openWaitOver = false;
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.stopOpenWait();
      this.pump();
    });
    socket.addEventListener('message', (event) => {
      if (socket === this.socket) this.onFrame(socket, event);
    });
    socket.addEventListener('close', () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.down();
    });
  }

  /** The socket is gone (closed, cut, or given up on): try again later, carry on meanwhile. */
  private down(): void {
    this.stopInFlight();
    this.stopOpenWait();
    this.scheduleReconnect();
    this.pump();
  }

  /** Gives up on a socket that does not answer, or cannot carry the action now. */
  private cut(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    socket.close();
    this.down();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)];
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  // --- sending -----------------------------------------------------------------------------

  /** Sends what is next, over the path open now; does nothing while a reply is awaited. */
  private pump(): void {
    if (this.closed || this.inFlight || this.overHttp) return;
    this.kept = this.kept.filter((entry) => entry.answer === null || entry.seq >= this.durableSeq);
    if (this.closing && !this.kept.some((entry) => entry.waiter)) {
      this.finishClose();
      return;
    }
    const socket = this.socket;
    const waiting = this.kept.find((entry) => entry.answer === null);
    if (socket?.readyState === OPEN) {
      this.notice(false);
      // After a reconnect every kept action goes again, oldest first, then the new one.
      const next = this.kept.find((entry) => entry.answeredOn !== socket);
      if (next) this.transmit(socket, next);
      return;
    }
    // The socket is down or opening. What is kept must go first, over the socket.
    const unsaved = this.kept.some((entry) => entry.answer !== null);
    this.notice(Boolean(waiting) && unsaved);
    if (!waiting || unsaved) return;
    if (socket && !this.openWaitOver) {
      this.openWait ??= setTimeout(() => {
        this.openWait = null;
        this.openWaitOver = true;
        this.pump();
      }, this.timeoutMs);
      return;
    }
    void this.sendOverHttp(waiting);
  }

  private transmit(socket: WebSocket, entry: Kept): void {
    const resent = entry.answer !== null || entry.sentOn !== null;
    entry.sentOn = socket;
    const timer = setTimeout(() => this.cut(socket), this.timeoutMs);
    this.inFlight = { entry, resent, timer };
    const { sessionId, credential } = this.options;
    try {
      socket.send(
        JSON.stringify({
          type: 'action',
          session: sessionId,
          seq: entry.seq,
          action: entry.action,
          ...(credential ? { credential } : {}),
        }),
      );
    } catch {
      this.cut(socket); // closing as we sent: the close will bring it back
    }
  }

  /** HTTP writes an action before answering it: its answer is durable. */
  private async sendOverHttp(entry: Kept): Promise<void> {
    this.overHttp = true;
    const { sessionId, credential } = this.options;
    try {
      const answer = await this.playOverHttp(sessionId, credential, {
        seq: entry.seq,
        action: entry.action,
      });
      if (this.kept.includes(entry)) {
        this.durableSeq = Math.max(this.durableSeq, entry.seq + 1);
        this.answered(entry, answer);
      }
    } catch (error) {
      this.fail(entry, error as Error);
    } finally {
      this.overHttp = false;
      this.pump();
    }
  }

  // --- what the server says ----------------------------------------------------------------

  private onFrame(socket: WebSocket, event: MessageEvent): void {
    let frame: Frame;
    try {
      frame = JSON.parse(String(event.data)) as Frame;
    } catch {
      return;
    }
    if (frame.session !== this.options.sessionId) return;
    if (frame.type === 'durable') {
      this.durableUpTo(frame.durableSeq);
      this.pump();
      return;
    }
    if (frame.type === 'stale') {
      try {
        this.replace(readGame(frame.game), true);
      } catch {
        void this.readAgain(true);
      }
      return;
    }
    const flight = this.inFlight;
    if (!flight || frame.seq !== flight.entry.seq) return;
    clearTimeout(flight.timer);
    this.inFlight = null;
    if (frame.type === 'answer') this.onAnswer(socket, flight.entry, frame);
    else if (frame.type === 'ack') this.onAck(socket, flight.entry, frame);
    else this.onError(socket, flight, frame);
  }

  private onAnswer(socket: WebSocket, entry: Kept, frame: Frame): void {
    const raw = frame.answer as Frame | null;
    this.durableUpTo(raw?.durableSeq ?? frame.durableSeq);
    let answer: ActionAnswer;
    try {
      answer = readAnswer(raw);
    } catch (error) {
      this.fail(entry, error as Error);
      this.pump();
      return;
    }
    entry.answeredOn = socket;
    if (!entry.answer) this.answered(entry, answer);
    // A re-sent action is answered as it was the first time, or the server's game is another.
    else if (!dequal(entry.answer, answer)) return this.replace(answer.game, true);
    this.pump();
  }

  /** The server had applied the re-sent action already: the page keeps the answer it had. */
  private onAck(socket: WebSocket, entry: Kept, frame: Frame): void {
    this.durableUpTo(frame.durableSeq);
    if (!entry.answer) {
      // Applied, but its answer never reached the page: the game as it is now will do.
      void this.readAgain(false);
      return;
    }
    entry.answeredOn = socket;
    this.pump();
  }

  private onError(socket: WebSocket, flight: NonNullable<typeof this.inFlight>, frame: Frame) {
    const { entry, resent } = flight;
    const status = typeof frame.status === 'number' ? frame.status : 500;
    if (status === 503 || status === 429) {
      // Restarting, or held back: not applied. HTTP takes it unless kept actions must go first.
      if (!resent && !this.kept.some((kept) => kept.answer !== null)) {
        void this.sendOverHttp(entry);
      } else {
        this.cut(socket);
      }
      return;
    }
    if (resent) {
      // Out of step: the server is behind by more than the page kept (or holds another game).
      void this.readAgain(true);
      return;
    }
    // A refusal, as HTTP would answer it. Out of step, the game is read again: nothing kept
    // is worth sending after that.
    const { message, field } = frame;
    if (field === 'seq') this.kept = [entry];
    this.fail(entry, new ApiError(status, '', JSON.stringify({ message, field })));
    this.pump();
  }

  private durableUpTo(value: unknown): void {
    if (isSeq(value) && value > this.durableSeq) this.durableSeq = value;
  }

  private answered(entry: Kept, answer: ActionAnswer): void {
    entry.answer = answer;
    this.shown = answer.game;
    const waiter = entry.waiter;
    entry.waiter = null;
    waiter?.resolve(answer);
  }

  private fail(entry: Kept, error: Error): void {
    this.kept = this.kept.filter((kept) => kept !== entry);
    const waiter = entry.waiter;
    entry.waiter = null;
    waiter?.reject(error);
  }

  /**
   * The game as the server holds it, read over HTTP: the same as the page's, nothing is lost
   * and the action waiting goes on as new; otherwise it replaces the page's.
   */
  private async readAgain(notice: boolean): Promise<void> {
    this.overHttp = true;
    this.stopInFlight();
    const { sessionId, credential } = this.options;
    try {
      const game = await this.readOverHttp(sessionId, credential);
      if (this.closed) return;
      if (dequal(game, this.shown)) {
        this.kept = this.kept.filter((entry) => entry.answer === null);
        for (const entry of this.kept) entry.sentOn = null;
        this.durableSeq = game.seq;
      } else {
        this.overHttp = false;
        this.replace(game, notice);
      }
    } catch (error) {
      for (const entry of [...this.kept]) this.fail(entry, error as Error);
    } finally {
      this.overHttp = false;
      this.pump();
    }
  }

  /** The server's game replaces the page's: nothing kept is sent again. */
  private replace(game: GameView, notice: boolean): void {
    const waiting = this.kept;
    this.kept = [];
    this.stopInFlight();
    this.durableSeq = game.seq;
    this.shown = game;
    this.options.events.replaced(game, notice);
    const replaced = new GameReplaced(game, notice);
    for (const entry of waiting) this.fail(entry, replaced);
    this.pump();
  }

  // --- timers ------------------------------------------------------------------------------

  /** 'Reconnecting…' once a move has waited a moment for the socket; gone when it is back. */
  private notice(waiting: boolean): void {
    if (waiting) {
      if (this.noticeShown || this.noticeTimer) return;
      this.noticeTimer = setTimeout(() => {
        this.noticeTimer = null;
        this.noticeShown = true;
        this.options.events.reconnecting(true);
      }, RECONNECTING_NOTICE_MS);
      return;
    }
    if (this.noticeTimer) clearTimeout(this.noticeTimer);
    this.noticeTimer = null;
    if (!this.noticeShown) return;
    this.noticeShown = false;
    this.options.events.reconnecting(false);
  }

  private stopInFlight(): void {
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
  }

  private stopOpenWait(): void {
    if (this.openWait) clearTimeout(this.openWait);
    this.openWait = null;
  }

  private finishClose(): void {
    this.closed = true;
    this.notice(false);
    this.stopInFlight();
    this.stopOpenWait();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }
}
