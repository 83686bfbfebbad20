// Playing the real game in the browser. Ranked games are held by the server and the page
// exposes no test hooks, so the test reads the board where the page does: from the server's
// answers (POST /api/player-sessions when a game starts, GET /api/player-sessions/current when
// one is resumed, then each action's answer: a frame on the game socket /ws/game, or the answer
// to POST …/actions when the page fell back to HTTP), caught with playwright's events.
// Moves are chosen on that board with @ballmatch/engine (the swaps it allows, the runs each
// pops at once: all the board itself decides), and the stats bar must show the answer's figures
// once each move has settled.
import { findMoves, swap, type Cell, type Color, type Move } from '@ballmatch/engine';
import { stateOf, type RankedAction, type ShownGame } from '@ballmatch/kit';
import type { Locator, Page, Request, Response, WebSocket } from 'playwright-core';

const numbers = new Intl.NumberFormat('en-US');

/** The server's `Game` (docs/api.md 'Ranked games'): the grid as 48 names, row by row. */
export interface WireGame extends Omit<ShownGame, 'grid'> {
  grid: Color[];
}

/** An action as the page sends it. */
export type WireAction = RankedAction;

const pathOf = (r: Request | Response) => new URL(r.url()).pathname;
const isCreate = (r: Request) => r.method() === 'POST' && pathOf(r) === '/api/player-sessions';
const isCurrent = (r: Request) =>
  r.method() === 'GET' && pathOf(r) === '/api/player-sessions/current';
export const isAction = (r: Request) =>
  r.method() === 'POST' && /^\/api\/player-sessions\/[^/]+\/actions$/.test(pathOf(r));

async function json<T>(response: Response): Promise<T> {
  if (response.status() !== 200) {
    const request = response.request();
    throw new Error(
      `${request.method()} ${pathOf(request)}: ${response.status()} ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/** The valid move whose first pop takes the fewest target balls: games run out of moves quickly. */
export function slowMove(game: WireGame): Move {
  // The engine's shape of the board shown (the kit's): its random generator is a stand-in, so
  // only what the grid alone decides (which swaps work, the runs they pop at once) is read.
  const state = stateOf(game);
  let best: Move | null = null;
  let bestCost = Infinity;
  for (const move of findMoves(state)) {
    const result = swap(state, move.from, move.to);
    if (!result.ok) continue;
    const taken = result.steps[0].targetCollected;
    const completes = game.level.matchesCollected + taken >= game.level.targetMatches;
    const cost = taken * 100 + (completes ? 10_000 : 0);
    if (cost < bestCost) [best, bestCost] = [move, cost];
  }
  if (!best) throw new Error('no valid move (the board would show Reset Grid)');
  return best;
}

type SentAction = { seq: number; action: WireAction };

/** The server's answer to one action, over either way the page sends it. */
export interface ObservedAnswer {
  sent: SentAction;
  status: number;
  body: unknown;
  transport: 'ws' | 'http';
}

const ANSWER_TIMEOUT_MS = 30_000;

export class GameMirror {
  /** The game as the server last answered. */
  game!: WireGame;
  /** Its player session. */
  sessionId = '';
  /** The game sockets the page opened, in order (a new one after each cut). */
  readonly gameSockets: WebSocket[] = [];
  /** The seqs whose actions were answered 200 (an answer to one sent again is not news). */
  private readonly answeredSeqs = new Set<number>();
  /** The keyboard cursor: the board starts it on the top-left ball. */
  cursor: Cell = { x: 0, y: 0 };
  /** Every action the page sent, in order (with its seq), over the socket or HTTP. */
  readonly sent: SentAction[] = [];
  /** How each answered action travelled, in order. */
  readonly answeredOver: Array<ObservedAnswer['transport']> = [];
  private readonly listeners = new Set<(answer: ObservedAnswer) => void>();

  constructor(private readonly page: Page) {
    page.on('request', (request) => {
      if (isAction(request)) this.sent.push(request.postDataJSON() as SentAction);
    });
    page.on('response', (response) => {
      // A 5xx is a lost answer the page sends again.
      if (!isAction(response.request()) || response.status() >= 500) return;
      const sent = response.request().postDataJSON() as SentAction;
      void response
        .json()
        .catch(() => null)
        .then((body) =>
          this.answered({ sent, status: response.status(), body, transport: 'http' }),
        );
    });
    page.on('websocket', (socket) => {
      if (new URL(socket.url()).pathname !== '/ws/game') return;
      this.gameSockets.push(socket);
      const pending = new Map<string, SentAction>();
      const frame = (payload: string | Buffer) =>
        JSON.parse(String(payload)) as Record<string, unknown>;
      socket.on('framesent', ({ payload }) => {
        const f = frame(payload);
        if (f.type !== 'action') return;
        const sent = { seq: f.seq, action: f.action } as SentAction;
        this.sent.push(sent);
        pending.set(`${String(f.session)} ${String(f.seq)}`, sent);
      });
      socket.on('framereceived', ({ payload }) => {
        const f = frame(payload);
        if (f.type === 'stale') {
          // The server's game replaced the page's: play goes on from it, seqs again.
          this.game = f.game as WireGame;
          for (const seq of this.answeredSeqs)
            if (seq >= this.game.seq) this.answeredSeqs.delete(seq);
          return;
        }
        // `ack` and `durable` answer no action of the page's for the first time.
        if (f.type !== 'answer' && f.type !== 'error') return;
        const key = `${String(f.session)} ${String(f.seq)}`;
        const sent = pending.get(key);
        if (!sent) return;
        pending.delete(key);
        // A 5xx (restarting) or 429 (held back) frame sends the page to HTTP with the same seq.
        const status = f.type === 'answer' ? 200 : Number(f.status);
        if (status >= 500 || status === 429) return;
        const body = f.type === 'answer' ? f.answer : { message: f.message };
        this.answered({ sent, status, body, transport: 'ws' });
      });
    });
  }

  private answered(answer: ObservedAnswer): void {
    // The page sends again, after a cut, what the server had not saved: it had those answers.
    if (this.answeredSeqs.has(answer.sent.seq)) return;
    if (answer.status === 200) this.answeredSeqs.add(answer.sent.seq);
    this.answeredOver.push(answer.transport);
    for (const listener of this.listeners) listener(answer);
  }

  /** Runs `trigger` and hands back the server's answer to the action it makes the page send. */
  async actionAnswer(trigger: () => Promise<void>): Promise<ObservedAnswer> {
    let stop = () => {};
    const answer = new Promise<ObservedAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no action answered in ${ANSWER_TIMEOUT_MS} ms`)),
        ANSWER_TIMEOUT_MS,
      );
      const listener = (a: ObservedAnswer) => resolve(a);
      this.listeners.add(listener);
      stop = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
    });
    try {
      await trigger();
      return await answer;
    } finally {
      stop();
    }
  }

  get board(): Locator {
    return this.page.getByTestId('game-board');
  }

  get canvas(): Locator {
    return this.page.getByRole('application', { name: /BallMatch board/ });
  }

  /** Runs `action` (which starts a game: new or resumed) and reads the game the server sent. */
  async start(action: () => Promise<void>): Promise<WireGame> {
    // A 5xx is a lost answer the page retries; the game comes with the answer that counts.
    const answer = this.page.waitForResponse(
      (r) =>
        r.status() < 500 &&
        (isCreate(r.request()) || (isCurrent(r.request()) && r.status() === 200)),
    );
    await action();
    const body = await json<{ id: string; game: WireGame }>(await answer);
    this.sessionId = body.id;
    this.game = body.game;
    return this.game;
  }

  /** Runs `trigger` and reads the server's answer to the action it makes the page send. */
  async answerTo(expected: WireAction['type'], trigger: () => Promise<void>): Promise<WireGame> {
    const { sent, status, body } = await this.actionAnswer(trigger);
    if (sent.action.type !== expected) {
      throw new Error(`expected a ${expected} action, the page sent ${JSON.stringify(sent)}`);
    }
    if (sent.seq !== this.game.seq) {
      throw new Error(`the page sent seq ${sent.seq}; the game was at ${this.game.seq}`);
    }
    if (status !== 200) {
      throw new Error(`${expected} action: ${status} ${JSON.stringify(body)}`);
    }
    this.game = (body as { game: WireGame }).game;
    return this.game;
  }

  /**
   * The actions the page sent, once each and in order of `seq`; a repeat (a retry after a lost
   * answer) must be the very same action.
   */
  actionsBySeq(): Array<{ seq: number; action: WireAction }> {
    const bySeq = new Map<number, { seq: number; action: WireAction }>();
    for (const sent of this.sent) {
      const first = bySeq.get(sent.seq);
      if (first) expect(sent).toEqual(first);
      else bySeq.set(sent.seq, sent);
    }
    const seqs = [...bySeq.keys()];
    expect(seqs).toEqual(seqs.map((_, i) => i));
    return [...bySeq.values()];
  }

  /** A method, not a property, so TypeScript does not narrow it across awaits. */
  isActive(): boolean {
    return this.game.status === 'active';
  }

  get movesLeft(): number {
    return this.game.level.movesAllowed - this.game.level.movesUsed;
  }

  /** Waits until the page shows the answer's figures with no animation running. */
  async settled(): Promise<void> {
    await this.page.waitForFunction(
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
        score: numbers.format(this.game.score),
        level: String(this.game.level.currentLevel),
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

  /**
   * One move by clicking the two balls. The page must send exactly that swap (so the board it
   * shows is the server's), and then show the answer's figures. `think: false`: at once.
   */
  async clickMove({ think = true } = {}): Promise<Move> {
    if (think) await this.think();
    await this.resetIfStuck((button) => button.click());
    const move = slowMove(this.game);
    await this.answerTo('swap', () => this.click([move.from, move.to]));
    const sent = this.sent.at(-1)!.action;
    expect(sent).toEqual({ type: 'swap', ...move });
    await this.settled();
    return move;
  }

  private thoughts = 0;

  /**
   * The player looks at the board before each move, for 200 to 1,400 ms, never the same rhythm
   * twice. This is the scenario, not a wait for something: the server times every action and
   * holds for review a game played at a machine's even pace (animations alone make the gaps
   * nearly equal), as it should.
   */
  private async think(): Promise<void> {
    this.thoughts += 1;
    await this.page.waitForTimeout(200 + ((this.thoughts * 7919) % 1201));
  }

  /**
   * A board with no move shows 'Reset Grid' (a new board, free): the player presses it, the
   * page sends `reset`, and play goes on from the server's new board. Rare, but it happens.
   */
  private async resetIfStuck(press: (button: Locator) => Promise<void>): Promise<void> {
    if (this.game.hasMoves || this.game.status !== 'active') return;
    const button = this.page.getByRole('button', { name: 'Reset Grid' });
    await this.answerTo('reset', () => press(button));
    await this.settled();
  }

  /** Clicks two neighbours whose swap makes no match: it shakes, and nothing is sent. */
  async clickInvalidSwap(): Promise<Move> {
    const state = stateOf(this.game);
    for (let y = 0; y < 8; y++) {
      for (let x = 0; x < 5; x++) {
        const move = { from: { x, y }, to: { x: x + 1, y } };
        const result = swap(state, move.from, move.to);
        if (!result.ok && result.reason === 'noMatch') {
          const before = this.sent.length;
          await this.click([move.from, move.to]);
          await this.settled();
          expect(this.sent).toHaveLength(before);
          return move;
        }
      }
    }
    throw new Error('every horizontal swap matches');
  }

  /** One move with the arrow keys and Enter. */
  async keyboardMove(): Promise<Move> {
    await this.think();
    await this.resetIfStuck((button) => button.press('Enter'));
    const move = slowMove(this.game);
    await this.moveCursor(move.from);
    await this.page.keyboard.press('Enter');
    await this.moveCursor(move.to);
    await this.answerTo('swap', () => this.page.keyboard.press('Enter'));
    expect(this.sent.at(-1)!.action).toEqual({ type: 'swap', ...move });
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

  /** The board as drawn on the canvas (a PNG data URL of its backing store). */
  async picture(): Promise<string> {
    return this.canvas.evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
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

/**
 * Submits a score with `submit` (a click or a key on the 'HIGH SCORE!' dialog) and resolves to
 * the server's answer (its body read as it came, before the reload drops it) once the page has
 * shown 'Score Submitted' and, unless `reload` is false, reloaded (1.5 s later). Each is awaited
 * from before `submit` runs: on a loaded machine the toast, and even the reload, can be over
 * before a wait begun after the answer starts looking.
 */
export async function submitOnPage(
  page: Page,
  submit: () => Promise<void>,
  { reload = true } = {},
): Promise<{ response: Response; body: unknown }> {
  const [answer] = await Promise.all([
    page
      .waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/scores',
      )
      .then(async (response) => ({ response, body: (await response.json()) as unknown })),
    page.getByText('Score Submitted').waitFor(),
    reload && page.waitForEvent('load'),
    submit(),
  ]);
  return answer;
}
