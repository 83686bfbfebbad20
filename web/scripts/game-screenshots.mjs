// Documentation screenshots of the game (docs/screenshots/), taken from a running stack with
// Debian's Chromium: / before a game and mid-game on a 390×844 phone and a 1280×800 desktop,
// the extra-moves modal and the score dialog. Moves are found with the engine from the seed
// the server issues, as the browser tests do.
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

function slowMove(state) {
  let best = null;
  let bestCost = Infinity;
  for (const move of engine.findMoves(state)) {
    const result = engine.swap(state, move.from, move.to);
    if (!result.ok) continue;
    const cost = result.targetCollected * 100 + (result.levelUp ? 10_000 : 0);
    if (cost < bestCost) [best, bestCost] = [move, cost];
  }
  return best;
}

async function startGame(page) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/player-sessions',
  );
  await page.getByRole('button', { name: 'PLAY NOW!' }).click();
  await page.getByRole('button', { name: 'Continue Without Login' }).click();
  const { seed } = await (await answer).json();
  return { state: engine.createGame(seed) };
}

async function settle(page, game) {
  const left = game.state.level.movesAllowed - game.state.level.movesUsed;
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
  const m = slowMove(game.state);
  await tap(page, m.from, touch);
  await tap(page, m.to, touch);
  game.state = engine.swap(game.state, m.from, m.to).state;
  await settle(page, game);
}

/**
 * Fills an empty weekly board with a few played games (through the API, moves found with the
 * engine), so 'Top Players This Week' has something to show.
 */
async function seedScores(names) {
  const week = await (await fetch(new URL('/api/weekly-leaderboards/active', baseUrl))).json();
  const top = await (
    await fetch(new URL(`/api/weekly-leaderboards/${week.id}/top-scores?limit=3`, baseUrl))
  ).json();
  if (top.length >= 3) return;
  const headers = { 'Content-Type': 'application/json', Origin: new URL(baseUrl).origin };
  for (const [i, playerName] of names.entries()) {
    const session = await (
      await fetch(new URL('/api/player-sessions', baseUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify({
          playerName,
          sessionId: crypto.randomUUID(),
          deviceFingerprint: `screenshots-${i}`.padEnd(50, '0'),
        }),
      })
    ).json();
    let state = engine.createGame(session.seed);
    const log = [];
    let at = 1000;
    // Stronger players take more moves: different scores on the board.
    for (let turn = 0; state.status === 'active' && turn < 30 + i * 10; turn++) {
      const moves = engine.findMoves(state);
      if (moves.length === 0) break;
      const move = moves[(turn * (3 + i)) % moves.length];
      state = engine.swap(state, move.from, move.to).state;
      at += 900 + ((turn * 331) % 1400);
      log.push({ type: 'swap', from: move.from, to: move.to, at });
      if (state.status === 'gameOverPending') {
        state = engine.grantExtraMoves(state).state;
        at += 3000;
        log.push({ type: 'extraMoves', at });
      }
    }
    const body = {
      playerName,
      score: state.score,
      level: state.level.currentLevel,
      moves: state.totalMoves,
      sessionId: session.id,
      gameLog: engine.encodeGameLog(log),
    };
    const res = await fetch(new URL('/api/scores', baseUrl), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    console.log(`seeded ${playerName}: ${state.score} (${res.status})`);
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
    await tap(page, slowMove(game.state).from, name === 'phone');
    await page.waitForTimeout(300);
    await save(page, `game-${name}`);

    if (name === 'phone') {
      await tap(page, slowMove(game.state).from, true); // deselect
      while (game.state.status === 'active') await move(page, game, true);
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
