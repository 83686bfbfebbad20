// Playing the real game in the browser. The test learns the game's seed from the server's
// answer to POST /api/player-sessions (the page itself exposes no test hooks), mirrors every
// move in @ballmatch/engine to know where the balls are, and checks the page's stats bar
// against the engine after each move.
import {
  findMoves,
  grantExtraMoves,
  createGame,
  swap,
  type Cell,
  type GameState,
  type Move,
} from '@ballmatch/engine';
import type { Locator, Page } from 'playwright-core';

const numbers = new Intl.NumberFormat('en-US');

/** Runs `action` (which starts a game) and returns the seed the server issued for it. */
export async function seedOfNextGame(page: Page, action: () => Promise<void>): Promise<string> {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/player-sessions',
  );
  await action();
  const response = await answer;
  if (response.status() !== 200) {
    throw new Error(`POST /api/player-sessions: ${response.status()} ${await response.text()}`);
  }
  return ((await response.json()) as { seed: string }).seed;
}

/** The valid move that collects the fewest target balls: games run out of moves quickly. */
export function slowMove(state: GameState): Move {
  let best: Move | null = null;
  let bestCost = Infinity;
  for (const move of findMoves(state)) {
    const result = swap(state, move.from, move.to);
    if (!result.ok) continue;
    const cost = result.targetCollected * 100 + (result.levelUp ? 10_000 : 0);
    if (cost < bestCost) [best, bestCost] = [move, cost];
  }
  if (!best) throw new Error('no valid move (the board would show Reset Grid)');
  return best;
}

export class GameMirror {
  state: GameState;
  /** The keyboard cursor: the board starts it on the top-left ball. */
  cursor: Cell = { x: 0, y: 0 };

  constructor(
    private readonly page: Page,
    seed: string,
  ) {
    this.state = createGame(seed);
  }

  get board(): Locator {
    return this.page.getByTestId('game-board');
  }

  get canvas(): Locator {
    return this.page.getByRole('application', { name: /BallMatch board/ });
  }

  /** A method, not a property, so TypeScript does not narrow it across awaits. */
  isActive(): boolean {
    return this.state.status === 'active';
  }

  get movesLeft(): number {
    return this.state.level.movesAllowed - this.state.level.movesUsed;
  }

  /** Applies a move to the mirror. */
  private apply(move: Move): void {
    const result = swap(this.state, move.from, move.to);
    if (!result.ok) throw new Error(`engine refused ${JSON.stringify(move)}: ${result.reason}`);
    this.state = result.state;
  }

  /** Waits until the page shows the mirror's figures with no animation running. */
  async settled(): Promise<void> {
    const page = this.page;
    await page.waitForFunction(
      ({ moves, score, level }) => {
        const text = (id: string) => document.querySelector(`[data-testid="${id}"]`)?.textContent;
        const board = document.querySelector('[data-testid="game-board"]') as HTMLElement | null;
        return (
          board?.dataset.busy === 'false' &&
          text('stat-moves') === moves &&
          text('stat-score')?.startsWith(score) &&
          text('stat-level') === level
        );
      },
      {
        moves: String(this.movesLeft),
        score: numbers.format(this.state.score),
        level: String(this.state.level.currentLevel),
      },
    );
  }

  private async click(cells: Cell[]): Promise<void> {
    const box = await this.canvas.boundingBox();
    if (!box) throw new Error('the board is not on screen');
    const cell = box.width / 6;
    for (const at of cells) {
      await this.page.mouse.click(box.x + (at.x + 0.5) * cell, box.y + (at.y + 0.5) * cell);
    }
  }

  /** One move by clicking the two balls. */
  async clickMove(): Promise<Move> {
    const move = slowMove(this.state);
    await this.click([move.from, move.to]);
    this.apply(move);
    await this.settled();
    return move;
  }

  /** Clicks two neighbours whose swap makes no match: the engine refuses it. */
  async clickInvalidSwap(): Promise<Move> {
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 5; x++) {
        const move = { from: { x, y }, to: { x: x + 1, y } };
        const result = swap(this.state, move.from, move.to);
        if (!result.ok && result.reason === 'noMatch') {
          await this.click([move.from, move.to]);
          await this.settled();
          return move;
        }
      }
    }
    throw new Error('every horizontal swap matches');
  }

  /** One move with the arrow keys and Enter. */
  async keyboardMove(): Promise<Move> {
    const move = slowMove(this.state);
    for (const at of [move.from, move.to]) {
      await this.moveCursor(at);
      await this.page.keyboard.press('Enter');
    }
    this.apply(move);
    await this.settled();
    return move;
  }

  private async moveCursor(to: Cell): Promise<void> {
    const keys: string[] = [];
    const dx = to.x - this.cursor.x;
    const dy = to.y - this.cursor.y;
    for (let i = 0; i < Math.abs(dx); i++) keys.push(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i++) keys.push(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    for (const key of keys) await this.page.keyboard.press(key);
    this.cursor = { ...to };
  }

  grantExtraMoves(): void {
    const result = grantExtraMoves(this.state);
    if (!result.ok) throw new Error(`engine refused the extra moves: ${result.reason}`);
    this.state = result.state;
  }
}

/**
 * The tab goes to the background and comes back, as when the player returns from the ad's
 * tab (headless Chromium keeps every tab 'visible', so the page is told directly).
 */
export async function leaveAndReturn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const set = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    set('hidden');
    set('visible');
  });
}

export function formatScore(score: number): string {
  return numbers.format(score);
}
