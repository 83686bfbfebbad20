// Ranked games played over the game socket (docs/api.md 'Ranked games over the game socket')
// the way the page plays them (its rules: 'Clients'; its code: web/src/features/game/api/
// game-socket.ts), for the fault suite to break the sessions replica that holds them. Each
// client plays guest games one after another, one action at a time with a person's pace, on
// /ws/game?session=<id> through the game ingress (scripts/scale/game-ingress.mjs, the Ingress's
// stand-in: every socket of a game reaches one replica). It keeps every action whose seq is at
// least the durableSeq it was last told, with its answer; when the socket is cut (closed, or
// silent 4 s) it reconnects after 0.2, 0.5, 1, 2, then every 5 s and sends those again in
// order with their seq before anything new. What it was told is written down, to be held
// against the stores: every place told durable with its action (in sessions.game_actions with
// the same code), and every contradiction: a `stale` frame, an answer to an action sent again
// that differs from the first, or a game read again that is not the board the player saw.
// Once a game has ended the client reads the server's view of it (it must be the last board
// shown) and submits it once with its signed result (POST /api/scores). The session's start, the
// game's paths and its submission are @ballmatch/kit's ranked-game client's.
//
// Unlike the page, no action goes over HTTP when the socket is down: every answer here is a
// socket answer, with its durableSeq (HTTP's are durable before they are answered, and the
// fault suite's other players play over HTTP).
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { actionCode, answerDisplay, findMoves, gridFromCells, type Color } from '@ballmatch/engine';
import {
  gamePath,
  rankedGameOf,
  startRankedGame,
  submissionOf,
  type Post,
  type RankedAction,
  type ShownGame as GameView,
} from '@ballmatch/kit';
import { ApiClient } from '../../e2e/support/http-client';
import { persist, type Hiccups } from './load';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (low: number, high: number) => low + Math.floor(Math.random() * (high - low + 1));

/** The page's waits (web/src/features/game/api/game-socket.ts). */
const RECONNECT_DELAYS_MS = [200, 500, 1000, 2000, 5000];
const ANSWER_TIMEOUT_MS = 4000;
/** The log's code of the player's end (services/sessions/src/store/games.ts END_CODE). */
const END_CODE = -1;

interface Answer {
  game: GameView;
  steps: unknown[];
  levelUp?: unknown;
  movesAdded?: number;
  durableSeq: number;
}

/** Node's WebSocket (undici) takes headers besides the protocols: the client's address here. */
type WebSocketWithHeaders = new (
  url: string,
  init: { headers: Record<string, string> },
) => WebSocket;

/** What the suite's players send (never the extra moves: they follow no reward ad). */
type Action = Exclude<RankedAction, { type: 'extraMoves' }>;

const codeOf = (action: Action) =>
  action.type === 'end' ? END_CODE : actionCode({ ...action, at: 0 });

/** What the page compares of two answers to one action (its readAnswer's fields). */
const asShown = (a: Answer) => ({
  game: a.game,
  steps: a.steps,
  levelUp: a.levelUp ?? null,
  movesAdded: a.movesAdded ?? 0,
});

/** The server's game replaced the one the client showed (a stale frame, or a read again). */
class Replaced extends Error {
  constructor(readonly game: GameView) {
    super('replaced');
  }
}

/** One game as its client saw it: what it was told, and what it found wrong. */
export class PlayedGame {
  /** The action the client sent at each place (the board's history as it knows it). */
  readonly codes: number[] = [];
  /** Every place the server said was durable, with the action the client had sent there. */
  readonly toldDurable = new Map<number, number>();
  board: GameView;
  ended = false;
  /** Its client failed (an error it could not get past): reported, not waited for. */
  gaveUp = false;
  /** Socket cuts while the game went on, and those followed by a reply on a new socket. */
  cuts = 0;
  continued = 0;
  /** Actions sent again after a cut, and those the server acknowledged as already applied. */
  resent = 0;
  acks = 0;
  readonly contradictions: string[] = [];
  viewChecked = false;
  viewMismatch: string | null = null;
  /** An action sent on the socket and not yet answered. */
  inFlight = false;
  /** Answered actions not yet known durable (what a crash could cost the server now). */
  unconfirmed = 0;

  constructor(
    readonly sessionId: string,
    readonly credential: string,
    readonly playerName: string,
    start: GameView,
  ) {
    this.board = start;
  }

  /** Cut and not yet going on again. */
  get waiting(): boolean {
    return !this.ended && !this.gaveUp && this.cuts > this.continued;
  }

  contradiction(what: string): void {
    this.contradictions.push(`${this.sessionId}: ${what}`);
  }
}

interface Kept {
  seq: number;
  action: Action;
  answer: Answer | null;
  waiter: { resolve(answer: Answer): void; reject(error: Error): void } | null;
  sentOn: WebSocket | null;
  answeredOn: WebSocket | null;
}

/** One game's socket, carried as the page carries it (send again what is not durable). */
class GameChannel {
  private socket: WebSocket | null = null;
  private attempts = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private kept: Kept[] = [];
  /** The server's game is durable below this seq (as last told). */
  private durableSeq: number;
  private inFlight: { entry: Kept; timer: NodeJS.Timeout } | null = null;
  private reading = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly game: PlayedGame,
    private readonly readGame: () => Promise<GameView>,
    private readonly resend: boolean,
    /** The client's address (X-Forwarded-For), as the Ingress would pass it on. */
    private readonly address: string,
  ) {
    this.durableSeq = game.board.seq;
    this.connect();
  }

  play(seq: number, action: Action): Promise<Answer> {
    this.game.codes[seq] = codeOf(action);
    this.game.codes.length = seq + 1;
    return new Promise<Answer>((resolve, reject) => {
      const waiter = { resolve, reject };
      this.kept.push({ seq, action, answer: null, waiter, sentOn: null, answeredOn: null });
      this.pump();
    });
  }

  close(): void {
    this.closed = true;
    this.stopInFlight();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new (WebSocket as unknown as WebSocketWithHeaders)(
      `${this.url}?session=${this.game.sessionId}`,
      { headers: { 'x-forwarded-for': this.address } },
    );
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.pump();
    };
    socket.onmessage = (event) => {
      if (socket === this.socket) this.onFrame(socket, String(event.data));
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.down();
    };
    socket.onerror = () => undefined; // a close follows
  }

  /** The socket is gone: counted as a cut, reopened later; what is kept goes again then. */
  private down(): void {
    if (this.closed) return;
    this.stopInFlight();
    if (!this.game.waiting) this.game.cuts += 1;
    // The broken client the suite can be run with (FAULTS_GAME_CLIENTS_RESEND=off), to show
    // that the checks see what a client that does not send again loses: it forgets the
    // answered actions the server had not made durable.
    if (!this.resend) this.kept = this.kept.filter((entry) => entry.answer === null);
    this.updateUnconfirmed();
    if (this.reconnectTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempts, RECONNECT_DELAYS_MS.length - 1)];
    this.attempts += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  private cut(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.socket = null;
    socket.close();
    this.down();
  }

  private pump(): void {
    if (this.closed || this.inFlight || this.reading) return;
    this.kept = this.kept.filter((entry) => entry.answer === null || entry.seq >= this.durableSeq);
    this.updateUnconfirmed();
    const socket = this.socket;
    if (socket?.readyState !== WebSocket.OPEN) return;
    // After a reconnect every kept action goes again, oldest first, then the new one.
    const next = this.kept.find((entry) => entry.answeredOn !== socket);
    if (!next) return;
    if (next.sentOn !== null) this.game.resent += 1;
    next.sentOn = socket;
    this.inFlight = { entry: next, timer: setTimeout(() => this.cut(socket), ANSWER_TIMEOUT_MS) };
    this.game.inFlight = true;
    const { sessionId, credential } = this.game;
    const message = { type: 'action', session: sessionId, seq: next.seq, action: next.action };
    socket.send(JSON.stringify({ ...message, credential }));
  }

  private onFrame(socket: WebSocket, text: string): void {
    const frame = JSON.parse(text) as Record<string, unknown>;
    if (frame.session !== this.game.sessionId) return;
    if (frame.type === 'durable') {
      this.durableUpTo(frame.durableSeq as number);
      return this.pump();
    }
    if (frame.type === 'stale') {
      const game = frame.game as GameView;
      this.game.contradiction(`a stale frame: the server's game is at ${game.seq}`);
      return this.replace(game);
    }
    const flight = this.inFlight;
    if (!flight || frame.seq !== flight.entry.seq) return;
    this.stopInFlight();
    if (this.game.waiting) this.game.continued += 1;
    const entry = flight.entry;
    if (frame.type === 'answer') {
      const answer = frame.answer as Answer;
      this.durableUpTo(answer.durableSeq);
      entry.answeredOn = socket;
      if (!entry.answer) {
        entry.answer = answer;
        this.game.board = answer.game;
        const waiter = entry.waiter;
        entry.waiter = null;
        waiter?.resolve(answer);
      } else if (!isDeepStrictEqual(asShown(entry.answer), asShown(answer))) {
        this.game.contradiction(`the answer to action ${entry.seq}, sent again, differs`);
        return this.replace(answer.game);
      }
      return this.pump();
    }
    if (frame.type === 'ack') {
      this.game.acks += 1;
      this.durableUpTo(frame.durableSeq as number);
      entry.answeredOn = socket;
      // Applied, but its answer never came: the game as the server has it now will do.
      if (!entry.answer) return void this.readAgain(false);
      return this.pump();
    }
    const status = frame.status as number;
    if (status === 503 || status === 429) return this.cut(socket); // not applied: again later
    if (status === 422 && frame.field === 'seq') return void this.readAgain(true);
    this.fail(new Error(`action ${entry.seq}: ${status} ${String(frame.message)}`));
  }

  /** Told durable up to `value`: each place below it, with the action sent there. */
  private durableUpTo(value: number): void {
    if (!Number.isInteger(value) || value <= this.durableSeq) return;
    for (let seq = this.durableSeq; seq < value; seq++) {
      const code = this.game.codes[seq];
      if (code === undefined) {
        this.game.contradiction(`told durable up to ${value}, past the ${seq} actions it sent`);
        break;
      }
      this.game.toldDurable.set(seq, code);
    }
    this.durableSeq = value;
    this.updateUnconfirmed();
  }

  /** The server's game read over HTTP: the board shown changes nothing, another replaces it. */
  private async readAgain(told: boolean): Promise<void> {
    this.reading = true;
    try {
      const game = await this.readGame();
      this.reading = false;
      if (isDeepStrictEqual(game, this.game.board)) {
        this.kept = this.kept.filter((entry) => entry.answer === null);
        for (const entry of this.kept) entry.sentOn = null;
        this.durableSeq = Math.max(this.durableSeq, game.seq);
        return this.pump();
      }
      if (told) {
        this.game.contradiction(`out of step: the server's game is at ${game.seq}, not the board`);
      }
      this.replace(game);
    } catch (error) {
      this.reading = false;
      this.fail(error as Error);
    }
  }

  /** The server's game replaces the client's: nothing kept is sent again. */
  private replace(game: GameView): void {
    const waiting = this.kept;
    this.kept = [];
    this.stopInFlight();
    this.durableSeq = game.seq;
    this.game.board = game;
    this.game.codes.length = Math.min(this.game.codes.length, game.seq);
    for (const entry of waiting) entry.waiter?.reject(new Replaced(game));
    this.pump();
  }

  private fail(error: Error): void {
    const waiting = this.kept;
    this.kept = [];
    for (const entry of waiting) entry.waiter?.reject(error);
  }

  private stopInFlight(): void {
    if (this.inFlight) clearTimeout(this.inFlight.timer);
    this.inFlight = null;
    this.game.inFlight = false;
  }

  private updateUnconfirmed(): void {
    this.game.unconfirmed = this.kept.filter(
      (entry) => entry.answer !== null && entry.seq >= this.durableSeq,
    ).length;
  }
}

export interface AcceptedGameScore {
  scoreId: string;
  sessionId: string;
  score: number;
}

/**
 * `clients` players, each playing one game after another over the game socket. `placed` says
 * whether a new game is played (the suite keeps its games on one replica: those whose sockets
 * reach another are left unplayed, as a player who closes the tab).
 */
export class GameLoad {
  readonly games: PlayedGame[] = [];
  readonly accepted: AcceptedGameScore[] = [];
  readonly hiccups: Hiccups = {};
  readonly errors: string[] = [];
  /** Games started and not played (their socket would reach another replica). */
  left = 0;
  private stopped = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly site: string,
    private readonly gameSocketUrl: string,
    private readonly options: {
      clients: number;
      placed: (sessionId: string) => Promise<boolean>;
      resend: boolean;
    },
  ) {}

  start(): void {
    this.workers = Array.from({ length: this.options.clients }, (_, i) => this.client(i));
  }

  private async client(index: number): Promise<void> {
    // Each client from an address of its own (sessions counts game sockets per address).
    const address = `198.18.${index >> 8}.${index & 255}`;
    const api = new ApiClient(this.site, { forwardedFor: address });
    while (!this.stopped) {
      try {
        await this.oneGame(api, index, address);
      } catch (error) {
        this.errors.push(`game client ${index}: ${(error as Error).message}`);
        await sleep(1000);
      }
    }
  }

  private async oneGame(api: ApiClient, index: number, address: string): Promise<void> {
    const playerName = `fg${index}_${randomBytes(3).toString('hex')}`;
    const post: Post = async (path, body, headers) => {
      const answer = await persist(this.hiccups, () => api.post(path, body, { headers }));
      if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${answer.text}`);
      return answer.json;
    };
    const started = await startRankedGame(post, playerName, randomBytes(25).toString('hex'));
    const { sessionId: id, credential, owner: headers } = started;
    if (!(await this.options.placed(id))) {
      this.left += 1;
      return;
    }
    const game = new PlayedGame(id, credential, playerName, started.game);
    this.games.push(game);
    const readGame = async () => {
      const read = await persist(this.hiccups, () =>
        api.request<GameView>('GET', gamePath(id), { headers }),
      );
      if (read.status !== 200) throw new Error(`read the game: ${read.status} ${read.text}`);
      return read.json;
    };
    const { resend } = this.options;
    const channel = new GameChannel(this.gameSocketUrl, game, readGame, resend, address);
    try {
      await this.play(game, channel);
    } catch (error) {
      game.gaveUp = true;
      throw error;
    } finally {
      channel.close();
    }
    if (!game.ended) return; // stopped meanwhile: the player left

    // The game as the server has it now is the last board the player saw.
    const view = await readGame();
    game.viewChecked = true;
    if (!isDeepStrictEqual(view, game.board)) {
      game.viewMismatch = `${id}: the server's game is at ${view.seq} (${view.status}, score ${view.score}), the board at ${game.board.seq} (score ${game.board.score})`;
    }
    const submission = submissionOf(rankedGameOf(started, game.board));
    const submitted = (await post(submission.path, submission.body, submission.headers)) as {
      id: string;
      score: number;
    };
    this.accepted.push({ scoreId: submitted.id, sessionId: id, score: submitted.score });
  }

  /** Swaps at a person's pace until the player ends the game (after 10 to 25 of them). */
  private async play(game: PlayedGame, channel: GameChannel): Promise<void> {
    const swaps = between(10, 25);
    for (let turn = 0; !this.stopped; turn++) {
      const board = game.board;
      let action: Action;
      if (board.status === 'gameOverPending' || turn >= swaps) action = { type: 'end' };
      else if (!board.hasMoves) action = { type: 'reset' };
      else {
        const moves = findMoves({ grid: gridFromCells(board.grid as Color[]) });
        action = { type: 'swap', ...moves[between(0, moves.length - 1)]! };
      }
      let answer: Answer;
      try {
        answer = await channel.play(board.seq, action);
      } catch (error) {
        if (!(error instanceof Replaced)) throw error;
        // The board is the server's now: go on from it.
        if (error.game.status !== 'ended') continue;
        answer = { game: error.game, steps: [], durableSeq: error.game.seq };
      }
      if (answer.game.status === 'ended') {
        game.ended = true;
        return;
      }
      // The page plays the answer before it takes the next move; then the player thinks.
      const shown = answerDisplay({
        cascadeSteps: answer.steps.length,
        levelUp: Boolean(answer.levelUp),
      }).totalMs;
      await sleep(shown + between(250, 1000));
    }
  }

  /** Games being played now. */
  playing(): PlayedGame[] {
    return this.games.filter((g) => !g.ended);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled(this.workers);
  }
}
