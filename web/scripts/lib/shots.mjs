// What the documentation screenshots (web/scripts/screenshots.mjs and its scenarios) share: the two
// screens they shoot, the API calls they seed data with (ranked games played against the
// server), the browser that shoots, and the isolated stack most of them start.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PORT_NAMES, portsFrom } from '@ballmatch/kit';
import { request as httpClient } from 'playwright-core';
import { launchChromium } from '../chromium.mjs';
import { startStack } from '../../../scripts/stack.mjs';

const require = createRequire(import.meta.url);
const engine = require('@ballmatch/engine');
const testing = require('@ballmatch/platform/testing');

/** The phone and the desktop every page is shot on, as browser context options. */
const VIEWPORTS = {
  phone: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};

/** The admin of the stacks started here (ADMIN_USERNAME and ADMIN_PASSWORD). */
export const ADMIN = {
  username: 'shots_admin',
  password: `shots-${randomBytes(8).toString('hex')}`,
};

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The API ---

/** The response's JSON (null for a 204); throws with the server's answer on anything but a 2xx. */
async function expectOk(response, what) {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

export const post = async (client, url, data, headers = {}) =>
  expectOk(await client.post(url, { data, headers }), `POST ${url}`);

export const get = async (client, url) => expectOk(await client.get(url), `GET ${url}`);

/** An HTTP client of the API with its own cookies, sending the gateway's own Origin. */
export function apiClient(baseUrl) {
  return httpClient.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { origin: new URL(baseUrl).origin },
  });
}

/** An API client signed in as ADMIN. */
export async function adminClient(baseUrl) {
  const admin = await apiClient(baseUrl);
  await post(admin, '/api/admin/login', ADMIN);
  return admin;
}

// --- Ranked games, held by the server and played through the API ---

/** The board the server sent, as an engine state to try swaps on (its generator is made up). */
export const boardState = (game) => ({
  ...game,
  grid: engine.gridFromCells(game.grid),
  rng: [1, 2, 3, 4],
});

/**
 * The next action of a player of some skill (0-10, the share of greedy turns) on the board
 * shown: a greedy or a plain swap by turns, a reset when stuck, the end when out of moves.
 */
export function skilledAction(game, turn, skill = 0) {
  if (game.status === 'gameOverPending') return { type: 'end' };
  const state = boardState(game);
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

/** A ranked game started by `playerName` on a new device: { id, credential, game, offers }. */
export function startRankedGame(client, playerName) {
  return post(client, '/api/player-sessions', {
    playerName,
    sessionId: randomUUID(),
    deviceFingerprint: randomBytes(25).toString('hex'),
  });
}

/**
 * A ranked game as `playerName`, played to its end: `nextAction(game, turn, session)` (it may
 * wait, as a person would) picks each action on the board the server answered. Resolves to the
 * session ({ id, credential, offers }) with its `playerName` and last `game`.
 */
export async function playRankedGame(
  client,
  playerName,
  nextAction = (game, turn) => skilledAction(game, turn),
) {
  const session = await startRankedGame(client, playerName);
  let game = session.game;
  for (let turn = 0; game.status !== 'ended' && turn < 400; turn++) {
    const action = await nextAction(game, turn, session);
    const url = `/api/player-sessions/${session.id}/actions`;
    game = (await post(client, url, { seq: game.seq, action }, ownerOf(session))).game;
  }
  return { ...session, playerName, game };
}

/** The header that shows a call comes from the game's owner. */
export const ownerOf = (session) => ({ 'x-session-credential': session.credential });

/** A played game's claim on the boards (the body of the weekly and seasonal calls). */
export const claimOf = ({ id, playerName, game }) => ({
  playerName,
  score: game.score,
  level: game.level.currentLevel,
  sessionId: id,
});

/**
 * Submits a played game's score (`extra` fields on top of its claim); the stored score, or
 * null for a game that scored nothing. A script plays far faster than a person, so the server
 * may hold it for review (`reviewState: 'held'`).
 */
export async function submitScore(client, played, extra = {}) {
  if (played.game.score === 0) return null;
  return post(client, '/api/scores', { ...claimOf(played), ...extra }, ownerOf(played));
}

/** Clears a score held for review, as an admin who watched the game would. */
export async function clearIfHeld(admin, stored) {
  if (stored?.reviewState === 'held') await post(admin, `/api/admin/scores/${stored.id}/clear`, {});
}

// --- The browser ---

/**
 * Chromium on `baseUrl`, writing its shots into `outDir`, for the length of `shoot(camera)`:
 * `camera.context(viewport)` opens a context on one of VIEWPORTS, `camera.eachViewport(fn)`
 * runs `fn(context, viewport)` on a fresh one of each, `camera.shootPage(page, name)` and
 * `camera.save(page, name)` write `<outDir>/<name>.png`. Every page starts with the cookie
 * banner answered and `localStorage`'s other items set.
 */
export async function withCamera(baseUrl, outDir, shoot, { localStorage = {} } = {}) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  const camera = {
    /** A fresh context on `viewport`, its pages' errors logged. */
    async context(viewport) {
      const context = await browser.newContext({ baseURL: baseUrl, ...VIEWPORTS[viewport] });
      const consent = { accepted: true, timestamp: new Date().toISOString() };
      const items = { cookieConsent: JSON.stringify(consent), ...localStorage };
      await context.addInitScript((items) => {
        // Not on the about:blank a new page starts on, which has no storage.
        if (globalThis.location.protocol === 'about:') return;
        for (const [key, value] of Object.entries(items))
          globalThis.localStorage.setItem(key, value);
      }, items);
      context.on('weberror', (e) => console.log(`[${viewport}] page error: ${e.error().message}`));
      return context;
    },

    async eachViewport(fn) {
      for (const viewport of Object.keys(VIEWPORTS)) {
        const context = await camera.context(viewport);
        try {
          await fn(context, viewport);
        } finally {
          await context.close();
        }
      }
    },

    /** What the window shows (`options` as Playwright's screenshot's). */
    async save(page, name, options = {}) {
      const file = path.join(outDir, `${name}.png`);
      await page.screenshot({ ...options, path: file });
      console.log(`saved ${file}`);
    },

    /**
     * The page from the top down to the end of its own content (the footer is on every page):
     * the window is made that tall for the shot. `fillViewport`: never shorter than the window.
     */
    async shootPage(page, name, { fillViewport = false } = {}) {
      const viewport = page.viewportSize();
      // Charts, cards and images that are still coming in come to rest.
      await page.waitForTimeout(800);
      await page.evaluate(() => globalThis.scrollTo(0, 0));
      const bottom = await page.evaluate(() => {
        const main = globalThis.document.querySelector('main');
        return main && Math.ceil(main.getBoundingClientRect().bottom + globalThis.scrollY);
      });
      if (bottom === null) throw new Error(`no <main> to shoot on ${page.url()}`);
      const height = fillViewport ? Math.max(viewport.height, bottom) : bottom;
      await page.setViewportSize({ width: viewport.width, height });
      await page.waitForTimeout(600);
      await camera.save(page, name);
      await page.setViewportSize(viewport);
    },
  };
  try {
    return await shoot(camera);
  } finally {
    await browser.close();
  }
}

// --- The isolated stack ---

/** Free ports for every process of a stack, by name (the kit's list). */
export async function freeStackPorts() {
  return portsFrom(await testing.freePorts(PORT_NAMES.length));
}

/**
 * A stack of its own: a fresh database, Redis and NATS prefixes, signing keys and free ports
 * (or `ports`), with ADMIN and `env` on top. Resolves to { url, databaseUrl, stop() }; `stop()`
 * also drops the database.
 */
export async function startShotsStack({ ports, env = {} } = {}) {
  const database = await testing.createTestDatabase('shots');
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-shots-keys-'));
  const cleanUp = async () => {
    await database.drop();
    fs.rmSync(keyDir, { recursive: true, force: true });
  };
  let stack;
  try {
    stack = await startStack({
      ...(ports ?? (await freeStackPorts())),
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        REDIS_KEY_PREFIX: testing.testRedisPrefix(),
        NATS_SUBJECT_PREFIX: testing.testNatsPrefix(),
        JWT_DEV_KEY_DIR: keyDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        ...env,
      },
      log: () => undefined,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    url: stack.url,
    databaseUrl: database.url,
    async stop() {
      await stack.stop();
      await cleanUp();
    },
  };
}
