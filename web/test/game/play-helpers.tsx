// Driving the real game UI in jsdom: the board is played with the keyboard (arrow keys and
// Enter), mirroring every move in the engine to know where the balls are.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createGame, swap, type Cell, type GameState } from '@ballmatch/engine';
import { slowMove } from './game-helpers';

export function board(): HTMLElement {
  return screen.getByTestId('game-board');
}

export function canvas(): HTMLCanvasElement {
  return screen.getByRole('application', { name: /BallMatch board/ }) as HTMLCanvasElement;
}

export async function waitForSettled(): Promise<void> {
  await waitFor(() => expect(board().dataset.busy).toBe('false'));
}

/** Plays the board by keyboard from the game's seed. */
export class KeyboardPlayer {
  state: GameState;
  cursor: Cell = { x: 0, y: 0 };

  constructor(seed: string) {
    this.state = createGame(seed);
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

  /** One slow move (few target balls), played and mirrored. */
  async play(): Promise<void> {
    const move = slowMove(this.state);
    const result = swap(this.state, move.from, move.to);
    if (!result.ok) throw new Error(`engine refused ${JSON.stringify(move)}`);
    this.moveCursor(move.from);
    this.press('Enter');
    this.moveCursor(move.to);
    this.press('Enter');
    this.state = result.state;
    const left = result.state.level.movesAllowed - result.state.level.movesUsed;
    await waitFor(() => expect(screen.getByTestId('stat-moves').textContent).toBe(String(left)));
    await waitForSettled();
  }

  grantExtraMoves() {
    this.state = {
      ...this.state,
      level: { ...this.state.level, movesAllowed: this.state.level.movesAllowed + 7 },
      extraMovesGranted: true,
      status: 'active',
    };
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
  return screen.getByRole('region', { name: 'Notifications (F8)' }).textContent ?? '';
}
