// What the ads journeys share: an advertiser's image whose face is easy to find on a canvas, the
// cells of a board that show it, an admin's own browser context, and a ranked game played through
// the API until it is out of moves.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Color } from '@ballmatch/engine';
import { actionsPath, startRankedGame, type Post } from '@ballmatch/kit';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { postOk } from './api-game';
import { slowMove, type WireGame } from './game';
import { stackInfo } from './stack-info';
import { STEP_TIMEOUT_MS } from './timeouts';

/**
 * A 256×256 PNG of one flat colour no ball has (cyan): wherever the board draws it, the centre
 * of the ball is that colour, and no plain ball's centre is.
 */
export const AD_FACE_PNG = path.join(__dirname, '../fixtures/ad-face-cyan.png');
/** A 728×90 banner (the banner's own size), for an ad awaiting review in the site's data. */
export const AD_BANNER_PNG = path.join(__dirname, '../fixtures/ad-banner-cyan.png');
const AD_FACE_RGB = [0, 255, 255] as const;
/** Per channel: the image is re-encoded as lossy WebP and drawn scaled. */
const TOLERANCE = 40;

/** "x,y" of every cell of `color` on a board (rows of colours, top first). */
export function cellsOf(grid: readonly (readonly Color[])[], color: Color): string[] {
  return grid.flatMap((row, y) => row.flatMap((c, x) => (c === color ? [`${x},${y}`] : [])));
}

interface AdProbe {
  /** The board's canvas (a handle, passed into the page). */
  canvas: unknown;
  rgb: readonly number[];
  tolerance: number;
  /** The cells the ad should be on, sorted; null: just report where it is. */
  expected: string[] | null;
}

/**
 * Runs in the page (self-contained: it travels as text). "x,y" of every cell whose ball shows
 * the ad's image at its centre, on a 6×8 board canvas; with `expected`, false unless those are
 * exactly the cells.
 */
function cellsShowingTheAd({ canvas, rgb, tolerance, expected }: AdProbe): string[] | false {
  const board = canvas as HTMLCanvasElement;
  const ctx = board.getContext('2d');
  if (!ctx) return false;
  const cellWidth = board.width / 6;
  const cellHeight = board.height / 8;
  const found: string[] = [];
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 6; x++) {
      const centre = ctx.getImageData(
        Math.floor((x + 0.5) * cellWidth),
        Math.floor((y + 0.5) * cellHeight),
        1,
        1,
      ).data;
      if (rgb.every((value, i) => Math.abs(centre[i]! - value) <= tolerance)) {
        found.push(`${x},${y}`);
      }
    }
  }
  found.sort();
  if (expected && found.join(' ') !== expected.join(' ')) return false;
  return found;
}

/**
 * Waits until the board canvas shows the ad's image on exactly `cells` (the balls of its
 * colour) and on no other ball; fails naming the cells it does show.
 */
export async function waitForAdOn(canvas: Locator, cells: string[]): Promise<void> {
  const page = canvas.page();
  const handle = await canvas.elementHandle();
  const probe = { canvas: handle, rgb: [...AD_FACE_RGB], tolerance: TOLERANCE };
  const expected = [...cells].sort();
  try {
    await page.waitForFunction(cellsShowingTheAd, { ...probe, expected }, { polling: 'raf' });
  } catch (error) {
    const shown = await page
      .evaluate(cellsShowingTheAd, { ...probe, expected: null })
      .then((cells) => (cells ? cells.join(' ') || 'none' : 'none'))
      .catch(() => 'an unreadable canvas');
    throw new Error(
      `the ad's image should be on ${expected.join(' ')}; the canvas shows it on ${shown}`,
      { cause: error },
    );
  } finally {
    await handle?.dispose();
  }
}

/** A browser context of the run's admin, signed in (the admin's own cookies), and its page. */
export async function adminPage(
  browser: Browser,
  baseUrl: string,
): Promise<{ admin: Page; adminContext: BrowserContext }> {
  const adminContext = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  adminContext.setDefaultTimeout(STEP_TIMEOUT_MS);
  await postOk(adminContext.request, '/api/admin/login', stackInfo().admin);
  return { admin: await adminContext.newPage(), adminContext };
}

/** A ranked game's `offers` (docs/api.md 'Serving, impressions and clicks'). */
export interface GameOffers {
  faces: Array<{ id: string; kind: string; adId: string; color: Color; imageUrl: string }>;
  reward: { id: string; kind: string; adId: string; imageUrl: string };
  expiresAt: string;
}

/**
 * A ranked game played through the API until it is out of moves (`gameOverPending`, the
 * extra moves on offer): each time the move that takes the fewest target balls, so the first
 * level's moves run out before its target is met; a board without moves is reset.
 */
export async function playUntilOutOfMoves(request: APIRequestContext, playerName: string) {
  const post: Post = (path, body, headers) => postOk(request, path, body, headers);
  const started = await startRankedGame<GameOffers>(
    post,
    playerName,
    randomBytes(25).toString('hex'),
  );
  const { sessionId: id, owner, offers } = started;
  const actions = actionsPath(id);
  let game = started.game as WireGame;
  while (game.status === 'active') {
    const action = game.hasMoves ? { type: 'swap', ...slowMove(game) } : { type: 'reset' };
    game = (
      (await postOk(request, actions, { seq: game.seq, action }, owner)) as { game: WireGame }
    ).game;
  }
  if (game.status !== 'gameOverPending') throw new Error(`the game is ${game.status}`);
  return { id, owner, actions, game, offers };
}
