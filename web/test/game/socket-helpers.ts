// Helpers for the game socket's tests: a stand-in for the browser's WebSocket (jsdom's would try
// the network), and the sessions process at the other end as docs/api.md 'Ranked games over the
// game socket' describes it: it answers from memory, its log becomes durable in batches (every
// answer says up to where), and a process that picks the game up after a crash loads only what
// was durable.
import { ApiError } from '@/lib/api-client';
import type { ActionAnswer, PlayerAction } from '@/features/game/model/game-view';
import { FakeGameServer } from './game-helpers';
import { wireGame } from './play-helpers';

type Frame = Record<string, unknown>;

/** The browser's WebSocket as the game socket uses it: the test opens, answers and cuts it. */
export class FakeGameSocket extends EventTarget {
  readyState = 0;
  readonly sent: Frame[] = [];
  /** Whether the page closed it (not the network or the server). */
  closedByPage = false;
  /** When the page opened it (on the test's clock). */
  readonly createdAt = Date.now();
  /** Hears each frame the page sends (the server's side). */
  onSend: ((frame: Frame) => void) | null = null;

  constructor(readonly url: string) {
    super();
  }

  send(text: string): void {
    if (this.readyState !== 1) throw new Error('InvalidStateError: the socket is not open');
    const frame = JSON.parse(text) as Frame;
    this.sent.push(frame);
    this.onSend?.(frame);
  }

  close(): void {
    if (this.readyState === 3) return;
    this.closedByPage = true;
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }

  open(): void {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }

  reply(frame: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The network or the server ends it (a handshake refused, a restart, a lost connection). */
  cut(): void {
    this.readyState = 3;
    this.dispatchEvent(new Event('close'));
  }
}

/** The sockets a connection opened, in order. */
export class SocketFactory {
  readonly sockets: FakeGameSocket[] = [];
  /** Every handshake fails (the process is down): each new socket closes unopened. */
  refuse = false;
  readonly create = (url: string): WebSocket => {
    const socket = new FakeGameSocket(url);
    this.sockets.push(socket);
    if (this.refuse) void Promise.resolve().then(() => socket.cut());
    return socket as unknown as WebSocket;
  };

  get latest(): FakeGameSocket {
    const socket = this.sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }
}

export const wireAnswer = (answer: ActionAnswer) => ({ ...answer, game: wireGame(answer.game) });

/** The database's part of a game: its durable log. */
export interface DurableLog {
  actions: PlayerAction[];
}

const codeOf = (action: PlayerAction) => JSON.stringify(action);

/**
 * The sessions process that holds one game: it plays each action in memory and answers at once;
 * `commit()` writes its batch (the log becomes durable). A new owner (after a crash) loads the
 * durable log only.
 */
export class FakeGameOwner {
  private readonly game: FakeGameServer;
  /** The codes of the actions applied, in memory. */
  private readonly codes: string[];
  durableSeq: number;
  /** Every frame it received. */
  readonly received: Frame[] = [];

  constructor(
    readonly seed: string,
    readonly session: string,
    readonly log: DurableLog = { actions: [] },
    /**
     * 'durable': as issue 21 has it (durableSeq, `ack`, `stale`). 'written': as before it, every
     * action written before its answer: no durableSeq, and an earlier action's repeat is 422.
     */
    readonly protocol: 'durable' | 'written' = 'durable',
  ) {
    this.game = FakeGameOwner.replay(seed, log.actions);
    this.codes = log.actions.map(codeOf);
    this.durableSeq = log.actions.length;
  }

  private static replay(seed: string, actions: PlayerAction[]): FakeGameServer {
    const game = new FakeGameServer(seed);
    for (const action of actions) game.play({ seq: game.seq, action });
    return game;
  }

  get server(): FakeGameServer {
    return this.game;
  }

  get view() {
    return this.game.view;
  }

  /** The game as durable (what a `stale` frame carries). */
  get durableView() {
    return FakeGameOwner.replay(this.seed, this.log.actions).view;
  }

  /** The frames it answers one action frame with. */
  receive(frame: Frame): Frame[] {
    this.received.push(frame);
    const { session } = this;
    const seq = frame.seq as number;
    const action = frame.action as PlayerAction;
    if (this.protocol === 'written') return this.receiveWritten(seq, action);
    if (seq < this.codes.length && this.codes[seq] !== codeOf(action)) {
      return [{ type: 'stale', session, game: wireGame(this.durableView) }];
    }
    // The last action's repeat gets its stored answer again; an earlier one's an ack.
    if (seq < this.codes.length - 1) {
      return [{ type: 'ack', session, seq, durableSeq: this.durableSeq }];
    }
    return this.answerFrame(seq, () => {
      const answer = this.game.play({ seq, action });
      if (seq === this.codes.length) this.codes.push(codeOf(action));
      return { ...wireAnswer(answer), durableSeq: this.durableSeq };
    });
  }

  private receiveWritten(seq: number, action: PlayerAction): Frame[] {
    return this.answerFrame(seq, () => wireAnswer(this.playOverHttp({ seq, action })));
  }

  /** The answer frame, or the error frame of what the route would answer (422...). */
  private answerFrame(seq: number, play: () => unknown): Frame[] {
    const { session } = this;
    try {
      return [{ type: 'answer', session, seq, answer: play() }];
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { message, field } = error.data as { message: string; field?: string };
      return [{ type: 'error', session, seq, status: error.status, message, field }];
    }
  }

  /** An action over HTTP: written (with every earlier one) before it is answered. */
  playOverHttp(body: { seq: number; action: PlayerAction }): ActionAnswer {
    const answer = this.game.play(body);
    if (body.seq === this.codes.length) this.codes.push(codeOf(body.action));
    this.commit();
    return answer;
  }

  /** The batch commits: what was in memory is durable; the `durable` frame it sends. */
  commit(): Frame {
    this.log.actions = this.codes.map((code) => JSON.parse(code) as PlayerAction);
    this.durableSeq = this.codes.length;
    return { type: 'durable', session: this.session, durableSeq: this.durableSeq };
  }
}

/**
 * Wires a socket to an owner: each frame the page sends is answered a moment later, as over a
 * network (on a promise, which fake timers leave alone).
 */
export function serve(socket: FakeGameSocket, owner: () => FakeGameOwner): void {
  socket.onSend = (frame) => {
    const replies = owner().receive(frame);
    void Promise.resolve().then(() => {
      if (socket.readyState !== 1) return;
      for (const reply of replies) socket.reply(reply);
    });
  };
}
