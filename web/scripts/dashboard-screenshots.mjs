// Screenshots of the player's /user-dashboard and /edit-profile (with 'Delete your account?'
// open) on a 390×844 phone and a 1280×800 desktop, with real data: it starts its own isolated
// stack (fresh database, Redis and NATS prefixes, free-standing ports), plays real ranked games
// against the server (guests' and the signed-in player's), and has the admin clear the games
// held for review, as an admin who watched them would, but the player's last one.
// Usage (after `node scripts/build.mjs`): node web/scripts/dashboard-screenshots.mjs [outDir]
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { request as httpClient } from 'playwright-core';
import { launchChromium } from './chromium.mjs';
import { startStack } from '../../scripts/stack.mjs';

const require = createRequire(import.meta.url);
const engine = require('../../packages/engine/dist/index.js');
const testing = require('../../packages/platform/dist/testing.js');

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
const PLAYER = {
  username: 'ann_plays',
  email: 'ann.plays@mail.example.org',
  password: `shots-${randomBytes(6).toString('hex')}`,
};
/** Others on the boards: [name, share of greedy turns 0-10]. */
const GUESTS = [
  ['BallWizard', 9],
  ['ComboQueen', 8],
  ['LuckyLuke', 5],
  ['nina', 4],
  ['orbital', 2],
];
const VIEWPORTS = [
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
];

async function post(client, url, data, headers = {}) {
  const response = await client.post(url, { data, headers });
  if (response.status() !== 200) {
    throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}

/** A swap on the board shown: the best-scoring one on `skill` turns out of 10, else any. */
function nextAction(game, turn, skill) {
  if (game.status === 'gameOverPending') return { type: 'end' };
  const state = { ...game, grid: engine.gridFromCells(game.grid), rng: [1, 2, 3, 4] };
  const moves = engine.findMoves(state);
  if (moves.length === 0) return { type: 'reset' };
  let move = moves[(turn * 7) % moves.length];
  if ((turn * 13) % 10 < skill) {
    let best = -1;
    for (const m of moves) {
      const r = engine.swap(state, m.from, m.to);
      if (!r.ok) continue;
      const value = r.levelUp ? 1e6 : r.state.score - state.score;
      if (value > best) [best, move] = [value, m];
    }
  }
  return { type: 'swap', ...move };
}

/**
 * A whole ranked game, submitted under `playerName`. A script plays far faster than a person,
 * so the server holds its score for review: the admin clears it unless `keepHeld`.
 */
async function playAndSubmit(client, admin, playerName, skill, keepHeld = false) {
  const session = await post(client, '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: randomBytes(25).toString('hex'),
  });
  const owner = { 'x-session-credential': session.credential };
  let game = session.game;
  for (let turn = 0; game.status !== 'ended' && turn < 400; turn++) {
    const action = nextAction(game, turn, skill);
    const url = `/api/player-sessions/${session.id}/actions`;
    game = (await post(client, url, { seq: game.seq, action }, owner)).game;
  }
  if (game.score === 0) return;
  const claim = { playerName, score: game.score, level: game.level.currentLevel };
  const stored = await post(client, '/api/scores', { ...claim, sessionId: session.id }, owner);
  if (stored.reviewState === 'held' && !keepHeld) {
    await post(admin, `/api/admin/scores/${stored.id}/clear`, {});
  }
}

/** The page down to the end of its own content (the footer is on every page). */
async function shootPage(page, viewport, file) {
  await page.waitForTimeout(600);
  const height = await page.evaluate(() => {
    const main = globalThis.document.querySelector('main');
    return Math.ceil(main.getBoundingClientRect().bottom + globalThis.scrollY);
  });
  await page.setViewportSize({ width: viewport.width, height });
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
  console.log(`saved ${file}`);
}

async function shoot(baseUrl) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const { name, ...options } of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      await context.addInitScript(() => {
        const consent = { accepted: true, timestamp: new Date().toISOString() };
        localStorage.setItem('cookieConsent', JSON.stringify(consent));
      });
      await post(context.request, '/api/login', {
        email: PLAYER.email,
        password: PLAYER.password,
      });
      const page = await context.newPage();
      await page.goto('/user-dashboard', { waitUntil: 'networkidle' });
      await page.getByTestId('recent-game').first().waitFor();
      await shootPage(page, options.viewport, path.join(outDir, `user-dashboard-${name}.png`));

      await page.goto('/edit-profile', { waitUntil: 'networkidle' });
      await shootPage(page, options.viewport, path.join(outDir, `edit-profile-${name}.png`));
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Type your username to confirm').fill(PLAYER.username);
      await dialog.getByLabel('Current password').fill('********');
      await page.waitForTimeout(400);
      const file = path.join(outDir, `delete-account-${name}.png`);
      await page.screenshot({ path: file });
      console.log(`saved ${file}`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const database = await testing.createTestDatabase('shots');
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-shots-keys-'));
const adminPassword = `shots-${randomBytes(8).toString('hex')}`;
let stack;
try {
  stack = await startStack({
    gatewayPort: 18580,
    authPort: 51551,
    sessionsPort: 51553,
    scoresPort: 51552,
    adsPort: 51554,
    contentPort: 51555,
    realtimePort: 18590,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testing.testRedisPrefix(),
      NATS_SUBJECT_PREFIX: testing.testNatsPrefix(),
      JWT_DEV_KEY_DIR: keyDir,
      ADMIN_USERNAME: 'shots_admin',
      ADMIN_PASSWORD: adminPassword,
    },
    log: () => undefined,
  });
  const guests = await httpClient.newContext({ baseURL: stack.url });
  const player = await httpClient.newContext({ baseURL: stack.url });
  const admin = await httpClient.newContext({ baseURL: stack.url });
  try {
    await post(admin, '/api/admin/login', { username: 'shots_admin', password: adminPassword });
    await post(player, '/api/register', PLAYER);
    for (const [playerName, skill] of GUESTS) {
      await playAndSubmit(guests, admin, playerName, skill);
    }
    for (const [g, skill] of [7, 4, 8, 6, 5].entries()) {
      await playAndSubmit(player, admin, PLAYER.username, skill, g === 4);
    }
    await shoot(stack.url);
  } finally {
    await guests.dispose();
    await player.dispose();
    await admin.dispose();
  }
} finally {
  await stack?.stop();
  await database.drop();
  fs.rmSync(keyDir, { recursive: true, force: true });
}
