// Documentation screenshots of the game (docs/screenshots/), taken from a running stack with
// Debian's Chromium: / before a game and mid-game on a 390×844 phone and a 1280×800 desktop,
// the extra-moves modal and the score dialog. Ranked games are held by the server: the board is
// read from its answers (the new game, then each action's), as the browser tests do, and moves
// are found on it with the engine.
// Usage (stack running, engine built by `tsc -b`):
//   node web/scripts/game-screenshots.mjs [baseUrl] [outDir]
/* global document -- inside page callbacks, in the browser */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';

const require = createRequire(import.meta.url);
const engine = require('../../packages/engine/dist/index.js');

const baseUrl = process.argv[2] ?? 'http://localhost:8080';
const outDir = path.resolve(process.argv[3] ?? 'docs/screenshots');
mkdirSync(outDir, { recursive: true });

const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

/** The engine's shape of a board the server sent (48 names); its random generator is unused. */
function boardState(game) {
  return { ...game, grid: engine.gridFromCells(game.grid), rng: [1, 2, 3, 4] };
}

/** The valid move whose first pop takes the fewest target balls. */
function slowMove(game) {
  const state = boardState(game);
  let best = null;
  let bestCost = Infinity;
  for (const move of engine.findMoves(state)) {
    const result = engine.swap(state, move.from, move.to);
    if (!result.ok) continue;
    const cost = result.steps[0].targetCollected;
    if (cost < bestCost) [best, bestCost] = [move, cost];
  }
  return best;
}

const pathOf = (r) => new URL(r.url()).pathname;
const isAction = (r) =>
  r.request().method() === 'POST' && /^\/api\/player-sessions\/[^/]+\/actions$/.test(pathOf(r));

async function startGame(page) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && pathOf(r) === '/api/player-sessions',
  );
  await page.getByRole('button', { name: 'PLAY NOW!' }).click();
  await page.getByRole('button', { name: 'Continue Without Login' }).click();
  const { game } = await (await answer).json();
  return { game };
}

async function settle(page, game) {
  const left = game.game.level.movesAllowed - game.game.level.movesUsed;
  await page.waitForFunction(
    (moves) =>
      document.querySelector('[data-testid="game-board"]')?.dataset.busy === 'false' &&
      document.querySelector('[data-testid="stat-moves"]')?.textContent === moves,
    String(left),
    { timeout: 15000 },
  );
}

async function tap(page, at, touch) {
  const box = await page.getByRole('application', { name: /BallMatch board/ }).boundingBox();
  const cell = box.width / 6;
  const x = box.x + (at.x + 0.5) * cell;
  const y = box.y + (at.y + 0.5) * cell;
  if (touch) await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
}

async function move(page, game, touch) {
  const m = slowMove(game.game);
  const answer = page.waitForResponse((r) => isAction(r) && r.status() < 500);
  await tap(page, m.from, touch);
  await tap(page, m.to, touch);
  game.game = (await (await answer).json()).game;
  await settle(page, game);
}

/**
 * Fills an empty weekly board with a few games played against the server (through the API,
 * moves found with the engine on the boards it answers), so 'Top Players This Week' has
 * something to show.
 */
async function seedScores(names) {
  const week = await (await fetch(new URL('/api/weekly-leaderboards/active', baseUrl))).json();
  const top = await (
    await fetch(new URL(`/api/weekly-leaderboards/${week.id}/top-scores?limit=3`, baseUrl))
  ).json();
  if (top.length >= 3) return;
  const headers = { 'Content-Type': 'application/json', Origin: new URL(baseUrl).origin };
  const post = async (path, body, credential) =>
    (
      await fetch(new URL(path, baseUrl), {
        method: 'POST',
        headers: credential ? { ...headers, 'X-Session-Credential': credential } : headers,
        body: JSON.stringify(body),
      })
    ).json();
  for (const [i, playerName] of names.entries()) {
    const session = await post('/api/player-sessions', {
      playerName,
      sessionId: crypto.randomUUID(),
      deviceFingerprint: `screenshots-${i}`.padEnd(50, '0'),
    });
    const { id, credential } = session;
    let game = session.game;
    const act = async (action) => {
      game = (
        await post(`/api/player-sessions/${id}/actions`, { seq: game.seq, action }, credential)
      ).game;
      // A human-like pace: the server times the actions itself.
      await new Promise((r) => setTimeout(r, 400 + ((game.seq * 331) % 900)));
    };
    // Stronger players take more moves: different scores on the board.
    for (let turn = 0; game.status === 'active' && turn < 12 + i * 6; turn++) {
      const moves = engine.findMoves(boardState(game));
      if (moves.length === 0) await act({ type: 'reset' });
      else await act({ type: 'swap', ...moves[(turn * (3 + i)) % moves.length] });
      if (game.status === 'gameOverPending' && !game.extraMovesGranted && session.offers) {
        // Extra moves are earned by following the game's reward ad ('Watch Ad').
        await fetch(new URL(`/api/ads/go/${session.offers.reward.id}`, baseUrl), {
          redirect: 'manual',
        });
        await act({ type: 'extraMoves' });
      }
    }
    if (game.status !== 'ended') await act({ type: 'end' });
    const body = {
      playerName,
      score: game.score,
      level: game.level.currentLevel,
      moves: game.totalMoves,
      sessionId: id,
    };
    const res = await fetch(new URL('/api/scores', baseUrl), {
      method: 'POST',
      headers: { ...headers, 'X-Session-Credential': credential },
      body: JSON.stringify(body),
    });
    console.log(`seeded ${playerName}: ${game.score} (${res.status})`);
  }
}

if (process.env.SEED_SCORES !== '0') await seedScores(['NovaStar', 'PixelPop', 'CometKid']);

const browser = await launchChromium();
const save = async (page, name) => {
  const file = path.join(outDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`saved ${file}`);
};

try {
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    const context = await browser.newContext(options);
    await context.addInitScript(() =>
      localStorage.setItem(
        'cookieConsent',
        JSON.stringify({ accepted: true, timestamp: new Date().toISOString() }),
      ),
    );
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log(`[${name}] page error: ${e.message}`));
    await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
    await page.waitForTimeout(600);
    await save(page, `home-${name}`);

    const game = await startGame(page);
    await settle(page, game);
    for (let i = 0; i < 4; i++) await move(page, game, name === 'phone');
    // One ball selected, mid-game.
    await tap(page, slowMove(game.game).from, name === 'phone');
    await page.waitForTimeout(300);
    await save(page, `game-${name}`);

    if (name === 'phone') {
      await tap(page, slowMove(game.game).from, true); // deselect
      while (game.game.status === 'active') await move(page, game, true);
      await page.getByRole('dialog', { name: 'Get 7 Extra Moves!' }).waitFor();
      await page.waitForTimeout(400);
      await save(page, 'extra-moves-modal');
      await page.getByRole('button', { name: 'No Thanks' }).click();
      await page.getByRole('dialog', { name: /HIGH SCORE!|SUBMIT SCORE/ }).waitFor();
      await page.waitForTimeout(600);
      await save(page, 'submit-dialog');
    }
    await context.close();
  }
} finally {
  await browser.close();
}
