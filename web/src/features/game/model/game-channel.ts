// Where a game's actions go (docs/product.md 'Game flow'). A ranked game is held by the server:
// each action is sent to it, one at a time and in the order made, and its answer says what
// happened. A practice game (no server) runs the engine here, from a local seed. Both answer in
// the same shape, so the game flow plays them alike.
import { createGame, type GameState } from '@ballmatch/engine';
import {
  GameReplaced,
  type ConnectionEvents,
  type ConnectOptions,
  type GameConnection,
} from '../api/game-socket';
import type { GameOffers } from './ad-offers';
import { viewOfState, type ActionAnswer, type GameView, type PlayerAction } from './game-view';
import { playLocally } from './local-play';

/**
 * An action's outcome: the answer, or (refused, out of step, or no answer at all) the game as
 * the server holds it now, to redraw the board from, and why the action was not applied.
 */
export type ActionOutcome =
  { ok: true; answer: ActionAnswer } | { ok: false; game: GameView; error?: unknown };

export interface GameChannel {
  /** The player session, or null for a practice game (which cannot be submitted). */
  readonly sessionId: string | null;
  /** The session's credential ('' for a practice game, or a game the account stands for). */
  readonly credential: string;
  /** The game as last confirmed. */
  readonly game: GameView;
  /** The game's ads, or null (a practice game, or none from the server): model/ad-offers.ts. */
  readonly offers: GameOffers | null;
  /** Sends an action after every earlier one has been answered. */
  send(action: PlayerAction): Promise<ActionOutcome>;
  /** The game begins on the page: its line to the server opens (a practice game has none). */
  connect(events: ConnectionEvents): void;
  /** The game was left: its line closes once the actions in flight are answered. */
  close(): void;
}

/** What a ranked game needs of the server (api/player-session.ts). */
export interface RankedApi {
  playAction(
    id: string,
    credential: string,
    body: { seq: number; action: PlayerAction },
  ): Promise<ActionAnswer>;
  readGame(id: string, credential: string): Promise<GameView>;
  /**
   * The game's socket (api/game-socket.ts), which carries its actions from then on; without it
   * every action goes through playAction.
   */
  connectGame?(
    game: Pick<ConnectOptions, 'sessionId' | 'credential' | 'game'>,
    events: ConnectionEvents,
  ): GameConnection;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A game held by the server. Actions queue: each is sent with the `seq` of the game as last
 * confirmed, after the previous one's answer, over the game's socket once it is connected
 * (which sends again what the server had not made durable when the socket is cut) or over HTTP.
 * A lost answer is retried with the same `seq` (the server answers a repeat as the first time).
 * When an action is refused (422: out of step, or a swap the server's board does not allow) or
 * no answer comes after the retries, the game is read again (GET …/game) and the board is
 * redrawn from it; when the server's game replaced the page's, the board is redrawn from that.
 */
export class RankedChannel implements GameChannel {
  private confirmed: GameView;
  private queue: Promise<unknown> = Promise.resolve();
  private connection: GameConnection | null = null;

  constructor(
    readonly sessionId: string,
    readonly credential: string,
    game: GameView,
    private readonly api: RankedApi,
    readonly offers: GameOffers | null = null,
  ) {
    this.confirmed = game;
  }

  get game(): GameView {
    return this.confirmed;
  }

  send(action: PlayerAction): Promise<ActionOutcome> {
    const outcome = this.queue.then(() => this.deliver(action));
    this.queue = outcome;
    return outcome;
  }

  connect(events: ConnectionEvents): void {
    if (this.connection || !this.api.connectGame) return;
    const { sessionId, credential } = this;
    this.connection = this.api.connectGame(
      { sessionId, credential, game: this.confirmed },
      {
        replaced: (game, notice) => {
          this.confirmed = game;
          events.replaced(game, notice);
        },
        reconnecting: (on) => events.reconnecting(on),
      },
    );
  }

  close(): void {
    this.connection?.close();
    this.connection = null;
  }

  private play(body: { seq: number; action: PlayerAction }): Promise<ActionAnswer> {
    return this.connection
      ? this.connection.play(body, this.confirmed)
      : this.api.playAction(this.sessionId, this.credential, body);
  }

  private async deliver(action: PlayerAction, replaced = false): Promise<ActionOutcome> {
    if (action.type === 'end' && this.confirmed.status === 'ended') {
      return {
        ok: true,
        answer: { game: this.confirmed, steps: [], levelUp: null, movesAdded: 0 },
      };
    }
    try {
      const answer = await this.play({ seq: this.confirmed.seq, action });
      this.confirmed = answer.game;
      if (answer.game.status === 'ended') this.close();
      return { ok: true, answer };
    } catch (error) {
      if (error instanceof GameReplaced) {
        // The server's game it is (the connection told the game already). The end still ends it.
        if (action.type === 'end' && !replaced && this.confirmed.status !== 'ended') {
          return this.deliver(action, true);
        }
        return { ok: false, game: error.game, error };
      }
      console.warn(`[game] ${action.type} not applied; reading the game again:`, describe(error));
      return { ok: false, game: await this.resync(), error };
    }
  }

  /** The server's game; the last confirmed one when even that cannot be read. */
  private async resync(): Promise<GameView> {
    try {
      this.confirmed = await this.api.readGame(this.sessionId, this.credential);
    } catch (error) {
      console.warn('[game] the game could not be read; keeping the last one:', describe(error));
    }
    return this.confirmed;
  }
}

/** A game without the server: the engine here, from a local seed. Never submitted. */
export class PracticeChannel implements GameChannel {
  readonly sessionId = null;
  readonly credential = '';
  /** A practice game shows no ads and reports nothing. */
  readonly offers = null;
  private state: GameState;
  private seq = 0;

  constructor(seed: string) {
    this.state = createGame(seed);
  }

  get game(): GameView {
    return viewOfState(this.state, this.seq);
  }

  send(action: PlayerAction): Promise<ActionOutcome> {
    return Promise.resolve(this.apply(action));
  }

  connect(): void {}

  close(): void {}

  private apply(action: PlayerAction): ActionOutcome {
    const played = playLocally(this.state, action);
    if (played.ok) {
      this.state = played.state;
      this.seq += 1;
      return { ok: true, answer: { game: this.game, ...played.answer } };
    }
    // Ending a game that has ended already changes nothing.
    if (action.type === 'end') {
      return { ok: true, answer: { game: this.game, steps: [], levelUp: null, movesAdded: 0 } };
    }
    return { ok: false, game: this.game };
  }
}
