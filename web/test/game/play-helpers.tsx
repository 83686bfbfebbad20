// Driving the real game UI in jsdom: a stand-in game server behind the MSW server, and the board
// played with the keyboard (arrow keys and Enter), moves chosen on the server's own state.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createGame, swap, type Cell, type GameState } from '@ballmatch/engine';
import type { ActionAnswer, GameView } from '@/features/game/model/game-view';
import { ApiError } from '@/lib/api-client';
import { respond, sentBody, type CallHandler } from '../helpers/api-server';
import { toastRegion } from '../helpers/toasts';
import { FakeGameServer, slowMove } from './game-helpers';

export function board(): HTMLElement {
  return screen.getByTestId('game-board');
}

export function canvas(): HTMLCanvasElement {
  return screen.getByRole('application', { name: /BallMatch board/ }) as HTMLCanvasElement;
}

export async function waitForSettled(): Promise<void> {
  await waitFor(() => expect(board().dataset.busy).toBe('false'));
}

/** A game as the API sends it: the grid as 48 colour names, row by row. */
export function wireGame(view: GameView) {
  return { ...view, grid: view.grid.flat() };
}

/** The signed result the fake server gives game `sess-1` once it has ended (docs/api.md). */
export const SIGNED_RESULT = 'header.result-of-sess-1.signature';

/** A game of `sess-1` as the server sends it: with its signed result once ended. */
const sentGame = (view: GameView) =>
  view.status === 'ended' ? { ...wireGame(view), result: SIGNED_RESULT } : wireGame(view);

const wireAnswer = (answer: ActionAnswer) => ({ ...answer, game: sentGame(answer.game) });

/**
 * The game routes of the API for session `sess-1` (credential `cred-1`): creating it starts a
 * fresh game server on `seed`; actions and reads go to it.
 */
export class GameBackend {
  server: FakeGameServer | null = null;

  /** `offers`: what a new game's answer carries (docs/api.md 'Serving...', Offers), if anything. */
  constructor(
    private readonly seed: string,
    private readonly offers?: unknown,
  ) {}

  get routes(): Record<string, CallHandler> {
    const guarded = (answer: () => unknown) => {
      try {
        return respond(200, answer());
      } catch (error) {
        if (error instanceof ApiError) return respond(error.status, error.bodyText);
        throw error;
      }
    };
    return {
      'POST /api/player-sessions': () => {
        this.server = new FakeGameServer(this.seed);
        return respond(200, {
          id: 'sess-1',
          credential: 'cred-1',
          game: wireGame(this.server.view),
          ...(this.offers === undefined ? {} : { offers: this.offers }),
        });
      },
      'POST /api/player-sessions/sess-1/actions': (call) =>
        guarded(() =>
          wireAnswer(this.server!.play(sentBody(call) as Parameters<FakeGameServer['play']>[0])),
        ),
      'GET /api/player-sessions/sess-1/game': () => guarded(() => sentGame(this.server!.view)),
    };
  }

  get state(): GameState {
    if (!this.server) throw new Error('no game started');
    return this.server.state;
  }
}

/** Where the player reads the game: the game server, or a copy kept alongside a practice game. */
export interface GameSource {
  readonly state: GameState;
  /** A copy hears each move's outcome (the server keeps its own). */
  applied?(state: GameState): void;
}

/** A practice game's copy: the same engine and seed as the page's. */
export function practiceCopy(seed: string): GameSource {
  return {
    state: createGame(seed),
    applied(state) {
      this.state = state;
    },
  } as GameSource & { state: GameState };
}

/** Plays the board by keyboard, choosing moves on the server's state (or a practice copy). */
export class KeyboardPlayer {
  cursor: Cell = { x: 0, y: 0 };

  constructor(private readonly source: GameSource) {}

  get state(): GameState {
    return this.source.state;
  }

  private press(key: string) {
    fireEvent.keyDown(canvas(), { key });
  }

  moveCursor(to: Cell) {
    const step = (key: string, dx: number, dy: number) => {
      this.press(key);
      this.cursor = { x: this.cursor.x + dx, y: this.cursor.y + dy };
    };
    while (this.cursor.x < to.x) step('ArrowRight', 1, 0);
    while (this.cursor.x > to.x) step('ArrowLeft', -1, 0);
    while (this.cursor.y < to.y) step('ArrowDown', 0, 1);
    while (this.cursor.y > to.y) step('ArrowUp', 0, -1);
  }

  /** One slow move (few target balls), played until the board has settled. */
  async play(): Promise<void> {
    const move = slowMove(this.state);
    const result = swap(this.state, move.from, move.to);
    if (!result.ok) throw new Error(`engine refused ${JSON.stringify(move)}`);
    this.moveCursor(move.from);
    this.press('Enter');
    this.moveCursor(move.to);
    this.press('Enter');
    this.source.applied?.(result.state);
    const left = result.state.level.movesAllowed - result.state.level.movesUsed;
    await waitFor(() => expect(screen.getByTestId('stat-moves').textContent).toBe(String(left)), {
      timeout: 5000,
    });
    await waitForSettled();
  }

  async playUntilOutOfMoves(): Promise<void> {
    while (this.state.status === 'active') await this.play();
  }
}

let visibility: DocumentVisibilityState = 'visible';

/** The tab goes to the background and comes back (as after opening an ad). */
export function leaveAndReturn(): void {
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  visibility = 'hidden';
  document.dispatchEvent(new Event('visibilitychange'));
  visibility = 'visible';
  document.dispatchEvent(new Event('visibilitychange'));
}

export function toastText(): string {
  return toastRegion().textContent ?? '';
}
