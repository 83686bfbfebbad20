// Documentation screenshots of /leaderboards, /leaderboard-archive and /high-scores
// (docs/screenshots/) with real data, on a 390×844 phone and a 1280×800 desktop. It starts its
// own isolated stack (fresh database, Redis and NATS prefixes, free-standing ports), opens a
// season through the admin API, plays real ranked games against the server and submits them
// (clearing the ones held for review as an admin), writes past weeks into the scores schema (no API makes those), then shoots.
// Usage (after `node scripts/build.mjs`): node web/scripts/leaderboard-screenshots.mjs [outDir]
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
const { createKnex, playerNameSkeleton } = require('../../packages/platform/dist/index.js');
const testing = require('../../packages/platform/dist/testing.js');

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
const PAGES = ['/leaderboards', '/leaderboard-archive', '/high-scores'];
/** The visitor's saved name: their rank and rows are shown. */
const VISITOR = 'purple_rain';
/** [name, skill 0-10 (share of greedy moves), games this week] */
const PLAYERS = [
  ['BallWizard', 9, 3],
  ['ComboQueen', 8, 3],
  ['MatchMaster3000', 7, 2],
  ['purple_rain', 6, 2],
  ['LuckyLuke', 5, 2],
  ['nina', 5, 1],
  ['Sphere_Sam', 4, 2],
  ['KingOfCascades', 8, 1],
  ['orbital', 3, 1],
  ['Bubbles', 2, 2],
  ['zed', 1, 1],
  ['Jules', 6, 1],
];
const DAY = 24 * 3600_000;
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
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

/** The board shown, as an engine state the client can try swaps on (its generator is made up). */
const stateOf = (game) => ({
  ...game,
  grid: engine.gridFromCells(game.grid),
  rng: [1, 2, 3, 4],
});

/**
 * The next action of a player of some skill (0-10, the share of greedy turns) on the board
 * shown: a greedy or a plain swap by turns, a reset when stuck, the end when out of moves.
 */
function nextAction(game, turn, skill) {
  if (game.status === 'gameOverPending') return { type: 'end' };
  const state = stateOf(game);
  const moves = engine.findMoves(state);
  if (moves.length === 0) return { type: 'reset' };
  let move = moves[(turn * 7) % moves.length];
  if ((turn * 13) % 10 < skill) {
    let best = -1;
    for (const m of moves) {
      const r = engine.swap(state, m.from, m.to);
      if (!r.ok) continue;
      const value = r.levelUp
        ? 1e6
        : (r.state.level.matchesCollected - state.level.matchesCollected) * 50 +
          (r.state.score - state.score);
      if (value > best) [best, move] = [value, m];
    }
  }
  return { type: 'swap', ...move };
}

async function post(client, url, data, headers = {}) {
  const response = await client.post(url, { data, headers });
  if (response.status() !== 200) {
    throw new Error(`POST ${url}: ${response.status()} ${await response.text()}`);
  }
  return response.json();
}

/**
 * Plays a whole ranked game against the server and submits it. A script plays far faster
 * than a person, so the server holds its scores for review: the admin clears them, as an admin
 * who watched these games would.
 */
async function playAndSubmit(client, admin, playerName, skill) {
  const session = await post(client, '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: randomBytes(25).toString('hex'),
  });
  const owner = { 'x-session-credential': session.credential };
  let game = session.game;
  for (let turn = 0; game.status !== 'ended' && turn < 400; turn++) {
    const action = nextAction(game, turn, skill);
    game = (
      await post(
        client,
        `/api/player-sessions/${session.id}/actions`,
        { seq: game.seq, action },
        owner,
      )
    ).game;
  }
  if (game.score === 0) return;
  const claim = {
    playerName,
    score: game.score,
    level: game.level.currentLevel,
    sessionId: session.id,
  };
  const stored = await post(client, '/api/scores', { ...claim, moves: game.totalMoves }, owner);
  await post(client, '/api/weekly-leaderboards/record-score', claim, owner);
  if (stored.reviewState === 'held') await post(admin, `/api/admin/scores/${stored.id}/clear`, {});
}

/** 31 past weeks reaching three quarters back, most with a few players' weeks. */
async function writePastWeeks(databaseUrl) {
  const db = createKnex({ url: databaseUrl, schema: 'scores', poolMax: 1 });
  try {
    const midnight = Date.now() - (Date.now() % DAY);
    const monday = midnight - ((new Date(midnight).getUTCDay() + 6) % 7) * DAY;
    for (let ago = 1; ago <= 31; ago++) {
      const start = new Date(monday - ago * 7 * DAY);
      const name = `Week of ${MONTHS[start.getUTCMonth()]} ${start.getUTCDate()}, ${start.getUTCFullYear()}`;
      const [week] = await db('weekly_leaderboards')
        .insert({ starts_at: start, ends_at: new Date(start.getTime() + 7 * DAY), name })
        .returning('id');
      const players = ago === 7 ? 0 : 4 + (ago % 6); // one quiet week
      for (let i = 0; i < players; i++) {
        const [playerName] = PLAYERS[(i * 5 + ago) % PLAYERS.length];
        const games = 1 + ((i + ago) % 6);
        await db('weekly_scores')
          .insert({
            week_id: week.id,
            player_key: `guest:${playerNameSkeleton(playerName)}`,
            player_name: playerName,
            name_skeleton: playerNameSkeleton(playerName),
            total_score: Math.round(((2400 - i * 260 + (ago % 5) * 90) * games) / 2),
            games_played: games,
            highest_level: Math.max(1, 6 - i + (ago % 3)),
          })
          .onConflict(['week_id', 'player_key'])
          .ignore();
      }
    }
  } finally {
    await db.destroy();
  }
}

async function shoot(baseUrl, submitMore) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    for (const { name, ...options } of VIEWPORTS) {
      const context = await browser.newContext({ baseURL: baseUrl, ...options });
      await context.addInitScript((visitor) => {
        const consent = { accepted: true, timestamp: new Date().toISOString() };
        localStorage.setItem('cookieConsent', JSON.stringify(consent));
        localStorage.setItem('player_name', visitor);
      }, VISITOR);
      const page = await context.newPage();
      for (const route of PAGES) {
        await page.setViewportSize(options.viewport);
        await page.goto(route, { waitUntil: 'networkidle' });
        if (route === '/high-scores') {
          // Games finished while the page is open reach its live 'Recent Scores' card.
          await page
            .getByText('Live', { exact: true })
            .waitFor({ timeout: 10_000 })
            .catch(() => console.warn('the realtime connection is not up: no live scores'));
          await submitMore();
          await page.waitForTimeout(1500);
        }
        await page.waitForTimeout(700);
        // Down to the end of the page's own content (the footer is on every page).
        const height = await page.evaluate(() => {
          const main = globalThis.document.querySelector('main');
          return Math.ceil(main.getBoundingClientRect().bottom + globalThis.scrollY);
        });
        await page.setViewportSize({ width: options.viewport.width, height });
        await page.waitForTimeout(300);
        const file = path.join(outDir, `${route.slice(1)}-${name}.png`);
        await page.screenshot({ path: file });
        console.log(`saved ${file}`);
      }
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
    gatewayPort: 18180,
    authPort: 51151,
    sessionsPort: 51153,
    scoresPort: 51152,
    adsPort: 51154,
    realtimePort: 18190,
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
  const client = await httpClient.newContext({ baseURL: stack.url });
  const admin = await httpClient.newContext({ baseURL: stack.url });
  try {
    // A season from now to the end of next month: this week's games count for it too.
    await post(admin, '/api/admin/login', { username: 'shots_admin', password: adminPassword });
    const now = new Date();
    await post(admin, '/api/admin/seasonal-leaderboards', {
      name: 'Autumn Showdown',
      startDate: new Date(now.getTime() + 2000).toISOString(),
      endDate: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString(),
    });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    for (const [playerName, skill, games] of PLAYERS) {
      for (let g = 0; g < games; g++) await playAndSubmit(client, admin, playerName, skill);
    }
    await writePastWeeks(database.url);
    await shoot(stack.url, async () => {
      for (const [playerName, skill] of [
        ['nina', 6],
        ['Jules', 3],
        ['zed', 8],
      ]) {
        await playAndSubmit(client, admin, playerName, skill);
      }
    });
  } finally {
    await client.dispose();
    await admin.dispose();
  }
} finally {
  await stack?.stop();
  await database.drop();
  fs.rmSync(keyDir, { recursive: true, force: true });
}
