// Screenshots of the admin console (/admin-dashboard, /game-analytics, /admin-player-tracking
// as it opens and with a session open) on a 390×844 phone and a 1280×800 desktop, down to the end of the page.
// It starts its own isolated stack (fresh database, Redis and NATS prefixes, free-standing
// ports), registers a few players and plays real ranked games against the server (a script
// plays faster than a person, so the server flags some: player tracking has suspicious
// sessions and held scores to show).
// Usage (after `node scripts/build.mjs`): node web/scripts/admin-screenshots.mjs [outDir]
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { request as httpClient } from 'playwright-core';
import { launchChromium } from './chromium.mjs';
import { startStack } from '../../scripts/stack.mjs';

const require = createRequire(import.meta.url);
const testing = require('../../packages/platform/dist/testing.js');
const engine = require('../../packages/engine/dist/index.js');

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
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
const ADMIN = { username: 'shots_admin', password: `shots-${randomBytes(8).toString('hex')}` };
const PLAYERS = ['BallWizard', 'ComboQueen', 'nina', 'LuckyLuke', 'orbital'];

async function post(client, url, data, headers = {}) {
  const response = await client.post(url, { data, headers });
  if (response.status() !== 200) {
    throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}

/** A ranked game against the server: `swaps` swaps (all of them with 0), then submitted. */
async function playAndSubmit(client, playerName, swaps, pauseMs) {
  const session = await post(client, '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: randomBytes(25).toString('hex'),
  });
  const owner = { 'x-session-credential': session.credential };
  let game = session.game;
  for (let turn = 0; game.status !== 'ended' && turn < 400; turn++) {
    if (swaps > 0 && turn >= swaps) {
      game = (
        await post(
          client,
          `/api/player-sessions/${session.id}/actions`,
          {
            seq: game.seq,
            action: { type: 'end' },
          },
          owner,
        )
      ).game;
      break;
    }
    const state = { ...game, grid: engine.gridFromCells(game.grid), rng: [1, 2, 3, 4] };
    const moves = engine.findMoves(state);
    const action =
      game.status === 'gameOverPending'
        ? { type: 'end' }
        : moves.length === 0
          ? { type: 'reset' }
          : { type: 'swap', ...moves[(turn * 7) % moves.length] };
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs(turn)));
    game = (
      await post(
        client,
        `/api/player-sessions/${session.id}/actions`,
        { seq: game.seq, action },
        owner,
      )
    ).game;
  }
  if (game.score > 0) {
    await post(
      client,
      '/api/scores',
      { playerName, score: game.score, level: game.level.currentLevel, sessionId: session.id },
      owner,
    );
  }
  return session.id;
}

/** A full-length shot of the page's own content. */
async function shootPage(page, viewport, file) {
  await page.waitForTimeout(800);
  await page.evaluate(() => globalThis.scrollTo(0, 0));
  const height = await page.evaluate(() => {
    const main = globalThis.document.querySelector('main');
    return Math.ceil(main.getBoundingClientRect().bottom + globalThis.scrollY);
  });
  await page.setViewportSize({ width: viewport.width, height });
  await page.waitForTimeout(600);
  await page.screenshot({ path: file });
  await page.setViewportSize(viewport);
  console.log(`saved ${file}`);
}

async function shoot(baseUrl, openSession) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const { name, ...options } of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      await context.addInitScript(() => {
        const consent = { accepted: true, timestamp: new Date().toISOString() };
        localStorage.setItem('cookieConsent', JSON.stringify(consent));
      });
      const signIn = await context.request.post('/api/admin/login', { data: ADMIN });
      if (!signIn.ok()) throw new Error(`admin sign-in: ${signIn.status()}`);
      const page = await context.newPage();
      for (const [route, file] of [
        ['/admin-dashboard', 'admin-dashboard'],
        ['/game-analytics', 'game-analytics'],
        ['/admin-player-tracking', 'admin-player-tracking'],
        [`/admin-player-tracking?session=${openSession}`, 'admin-player-tracking-session'],
      ]) {
        await page.goto(route, { waitUntil: 'networkidle' });
        await shootPage(page, options.viewport, path.join(outDir, `${file}-${name}.png`));
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const database = await testing.createTestDatabase('shots');
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-shots-keys-'));
let stack;
try {
  stack = await startStack({
    gatewayPort: 18680,
    authPort: 51651,
    sessionsPort: 51653,
    scoresPort: 51652,
    adsPort: 51654,
    contentPort: 51655,
    realtimePort: 18690,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testing.testRedisPrefix(),
      NATS_SUBJECT_PREFIX: testing.testNatsPrefix(),
      JWT_DEV_KEY_DIR: keyDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    log: () => undefined,
  });
  const client = await httpClient.newContext({
    baseURL: stack.url,
    extraHTTPHeaders: { origin: stack.url },
  });
  // New players of today (guests play under the names below).
  for (const username of ['rookie_one', 'rookie_two', 'rookie_three']) {
    await post(client, '/api/register', {
      username,
      email: `${username}@example.com`,
      password: `shots-${randomBytes(6).toString('hex')}`,
    });
    await post(client, '/api/logout', {});
  }
  let openSession = '';
  for (const [i, name] of PLAYERS.entries()) {
    // Whole games at script speed (flagged), and short ones at a person's uneven pace.
    const whole = await playAndSubmit(client, name, 0);
    await playAndSubmit(client, name, 6 + i, (turn) => 150 + ((turn * 397) % 900));
    // A script's whole game, flagged by the server's timing rule: the detail shown.
    if (i === 0) openSession = whole;
  }
  await client.dispose();
  await shoot(stack.url, openSession);
} finally {
  await stack?.stop();
  await database.drop();
  fs.rmSync(keyDir, { recursive: true, force: true });
}
