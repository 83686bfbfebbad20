// An ad never hides a ball's colour (docs/product.md 'Ball faces'): an advertiser puts a solid
// blue image on the red balls. On /buy-ads the preview board, and after payment and approval a
// ranked game's board, draw it on every red ball, and every one of those balls still reads red
// at a glance: read from the canvas's pixels, most of the ball's pixels are red (hue within 20°
// of red's), however blue the image is. With the colour-blind symbols on (the preview's box, the
// game's 'Symbols'), each ball's symbol is drawn over the image.
import fs from 'node:fs';
import path from 'node:path';
import { createGame, gridFromCells, type Color } from '@ballmatch/engine';
import type { BrowserContext, Locator, Request, Response } from 'playwright-core';
import { registerThroughApi } from '../support/accounts';
import { HOSTED_PAGE_BASE, routeHostedPages } from '../support/ads-payments';
import { adminPage, cellsOf } from '../support/ads';
import { postOk } from '../support/api-game';
import { useChromium } from '../support/browser';
import { GameMirror } from '../support/game';
import { artifactsDir } from '../support/paths';

const { journey } = useChromium();

const COLOR: Color = 'red';
/** A 256×256 PNG of solid blue (#0000ff): as far from red as an image gets. */
const BLUE_FACE_PNG = path.join(__dirname, '../fixtures/ad-face-blue.png');
/** The board /buy-ads previews on (web/src/features/ads/components/ball-board-preview.tsx). */
const PREVIEW_GRID = createGame('ad-preview').grid;
/**
 * Least share of a ball's pixels (the opaque ones of its cell: the ball itself) that must read as
 * its colour: more than half. Before the drawing rule (web/src/game/ball-sprites.ts FACE_RULE) a
 * blue image left 0.37 of a red ball red on the preview, 0.40 on the board; with it, 0.62.
 */
const MIN_COLOUR_SHARE = 0.55;

const pathOf = (r: Request | Response) => new URL(r.url()).pathname;

interface ColourProbe {
  canvas: unknown;
  cells: string[];
  /** The colour's hue in degrees. */
  hue: number;
}

interface CellReading {
  cell: string;
  /** The share of the ball's opaque pixels whose hue is the colour's. */
  share: number;
  /** Whether the image is drawn: the centre of the ball is blue. */
  imageShown: boolean;
  /** Whether the colour-blind symbol is drawn over it: the centre is white (red's circle). */
  symbolShown: boolean;
}

/**
 * Runs in the page (self-contained: it travels as text). For each cell ("x,y") of a 6×8 board
 * canvas: the share of the ball's pixels (opaque ones) whose hue is within 20° of `hue`, with
 * enough saturation and light to be seen as a colour, and whether its centre shows the blue image.
 */
function readBalls({ canvas, cells, hue }: ColourProbe): CellReading[] {
  const board = canvas as HTMLCanvasElement;
  const ctx = board.getContext('2d');
  if (!ctx) return [];
  const w = board.width / 6;
  const h = board.height / 8;
  return cells.map((cell) => {
    const [x, y] = cell.split(',').map(Number) as [number, number];
    const left = Math.round(x * w);
    const top = Math.round(y * h);
    const width = Math.round(w);
    const height = Math.round(h);
    const data = ctx.getImageData(left, top, width, height).data;
    let ball = 0;
    let coloured = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a < 200) continue; // the tray and the ball's soft shadow
      ball++;
      const max = Math.max(r, g, b);
      const min = Math.min(r, g, b);
      const chroma = max - min;
      if (max < 64 || chroma / max < 0.35) continue; // too dark or too pale to be a colour
      let pixelHue: number;
      if (max === r) pixelHue = (((g - b) / chroma) % 6) * 60;
      else if (max === g) pixelHue = ((b - r) / chroma + 2) * 60;
      else pixelHue = ((r - g) / chroma + 4) * 60;
      const distance = Math.abs(((((pixelHue - hue) % 360) + 540) % 360) - 180);
      if (distance <= 20) coloured++;
    }
    const centre = ctx.getImageData(Math.floor(left + w / 2), Math.floor(top + h / 2), 1, 1).data;
    return {
      cell,
      share: ball === 0 ? 0 : coloured / ball,
      imageShown: centre[2]! > 150 && centre[2]! > centre[0]! + 80,
      symbolShown: centre[0]! > 200 && centre[1]! > 200 && centre[2]! > 200,
    };
  });
}

/** Waits until the centre of every ball of `cells` shows `what`; fails with what they show. */
async function waitForCentres(
  canvas: Locator,
  probe: ColourProbe,
  what: 'imageShown' | 'symbolShown',
  where: string,
) {
  const page = canvas.page();
  try {
    await page.waitForFunction(
      ({ p, what }: { p: ColourProbe; what: 'imageShown' | 'symbolShown' }) => {
        const read = (globalThis as unknown as { readBalls: typeof readBalls }).readBalls;
        const readings = read(p);
        return readings.length > 0 && readings.every((r) => r[what]);
      },
      { p: probe, what },
      { polling: 'raf' },
    );
  } catch (error) {
    const readings = await page.evaluate(readBalls, probe);
    throw new Error(`${where}: every red ball should have ${what}: ${JSON.stringify(readings)}`, {
      cause: error,
    });
  }
}

/**
 * Waits until the canvas draws the image on every ball of `cells`, then reads them; leaves a
 * picture of the canvas in e2e/artifacts/ for review. Then turns the colour-blind symbols on
 * (`showSymbols`) and waits for them over the image. Answers the balls that do not read as red
 * (less than MIN_COLOUR_SHARE of their pixels), with their share.
 */
async function ballsNotReadingRed(
  canvas: Locator,
  cells: string[],
  where: string,
  showSymbols: () => Promise<void>,
) {
  const handle = await canvas.elementHandle();
  const probe = { canvas: handle, cells, hue: 0 };
  try {
    await waitForCentres(canvas, probe, 'imageShown', where);
    const readings = await canvas.page().evaluate(readBalls, probe);
    const shares = readings.map((r) => `${r.cell}: ${r.share.toFixed(2)}`).join(', ');
    console.log(`${where}: share of each red ball's pixels that read red: ${shares}`);
    fs.mkdirSync(artifactsDir, { recursive: true });
    await canvas.screenshot({ path: path.join(artifactsDir, `ad-ball-colour-${where}.png`) });
    // The colour-blind symbol is drawn over the image.
    await showSymbols();
    await waitForCentres(canvas, probe, 'symbolShown', `${where} with symbols`);
    await canvas.screenshot({
      path: path.join(artifactsDir, `ad-ball-colour-${where}-symbols.png`),
    });
    return readings
      .filter((r) => r.share < MIN_COLOUR_SHARE)
      .map((r) => `${where} ${r.cell}: ${r.share.toFixed(2)}`);
  } finally {
    await handle?.dispose();
  }
}

async function myAds(context: BrowserContext): Promise<Array<{ id: string; orderId: string }>> {
  const response = await context.request.get('/api/ads/mine');
  if (response.status() !== 200) throw new Error(`GET /api/ads/mine: ${response.status()}`);
  return (await response.json()) as Array<{ id: string; orderId: string }>;
}

journey(
  "ads: a solid blue image on the red balls leaves them red, on the buy page's preview and on the board",
  async ({ page, context, baseUrl }) => {
    // No idle hint: at rest, the board shows its balls and nothing over them. The page's probe
    // is defined in every document (waitForFunction's predicate calls it).
    await context.addInitScript(() => localStorage.setItem('ballmatch_hints', 'false'));
    await context.addInitScript(`globalThis.readBalls = ${readBalls.toString()};`);
    await routeHostedPages(context);
    await registerThroughApi(context);

    await page.goto('/buy-ads');
    await page.getByRole('heading', { name: 'Buy Ads' }).waitFor();
    await page.getByRole('radio', { name: 'Red' }).check();
    const [uploaded] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && pathOf(r) === '/api/ads/images',
      ),
      page.getByLabel('Image', { exact: true }).setInputFiles(BLUE_FACE_PNG),
    ]);
    expect(uploaded.status()).toBe(201);
    const preview = page.getByRole('img', {
      name: `Preview: your image on the ${COLOR} balls of a board`,
    });
    const unreadable = await ballsNotReadingRed(
      preview,
      cellsOf(PREVIEW_GRID, COLOR),
      'preview',
      () => page.getByRole('checkbox', { name: 'With colour-blind symbols' }).check(),
    );

    await page.getByLabel('Destination').fill('https://example.com/blue');
    await page.getByRole('radio', { name: /^1 day/ }).check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${HOSTED_PAGE_BASE}/pay/**`);
    await page.getByRole('button', { name: 'Pay' }).click();
    const [ad] = await myAds(context);
    await page.waitForURL(`${baseUrl}/payment-success?order=${ad!.orderId}`);

    const { adminContext } = await adminPage(context.browser()!, baseUrl);
    try {
      await postOk(adminContext.request, `/api/admin/ads/${ad!.id}/approve`, {});
      // A new ranked game: its board draws the image on every red ball.
      await page.goto('/');
      const game = new GameMirror(page);
      await game.start(() => page.getByRole('button', { name: 'PLAY NOW!' }).click());
      await game.settled();
      const cells = cellsOf(gridFromCells(game.game.grid), COLOR);
      unreadable.push(
        ...(await ballsNotReadingRed(game.canvas, cells, 'board', () =>
          page.getByRole('button', { name: 'Symbols', pressed: false }).click(),
        )),
      );
      // Ended, so the run's other journeys play with the house ad again.
      await postOk(adminContext.request, `/api/admin/ads/${ad!.id}/end`, { refund: 'none' });
    } finally {
      await adminContext.close();
    }
    // Every red ball, on both canvases, reads as red.
    expect(unreadable).toEqual([]);
  },
);
