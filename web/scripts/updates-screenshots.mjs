// Screenshots of the news: /updates (the first page of 12 published updates) and one update on a
// 390×844 phone and a 1280×800 desktop, and the admin's /admin-updates (list and editor) and
// /admin-feedback on the desktop. Everything is written through the real routes by the admin
// (drafts, a scheduled one, publish dates in the past) and the contact form. It starts its own
// isolated stack (fresh database, Redis and NATS prefixes, free-standing ports).
// Usage (after `node scripts/build.mjs`): node web/scripts/updates-screenshots.mjs [outDir]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { startStack } from '../../scripts/stack.mjs';

const require = createRequire(import.meta.url);
const testing = require('../../packages/platform/dist/testing.js');

const outDir = path.resolve(process.argv[2] ?? 'docs/screenshots');
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 };
const ADMIN = { username: 'shots_admin', password: `shots-${randomBytes(8).toString('hex')}` };
const DAY = 24 * 3600_000;

/** Newest first; `daysAgo` is each one's publish date. */
const NEWS = [
  {
    daysAgo: 1,
    title: 'Season 4 starts Monday: new prizes for the weekly top 10',
    content:
      '<p>Season 4 opens on <strong>Monday at 00:00 UTC</strong>. Every week of the season, the top 10 of the weekly board win a badge on their profile, and the season champion gets their name on the about page.</p><h2>What changes</h2><ul><li>Weekly boards reset on Monday as always.</li><li>Season points count your best five weeks.</li><li>Scores under review count once they are cleared.</li></ul><p>See the <a href="/leaderboards">leaderboards</a> for the current standings.</p>',
  },
  {
    daysAgo: 6,
    title: 'Colour-blind symbols on every ball',
    content:
      '<p>Turn on <em>colour-blind symbols</em> in the game settings and every ball carries its own shape: a circle for orange, a star for yellow, a square for blue and more. The setting is kept on this device.</p>',
  },
  {
    daysAgo: 11,
    title: 'Hints after ten seconds',
    content:
      '<p>Stuck? If you make no move for ten seconds the board now shows one swap that makes a run. Hints can be switched off in the settings.</p>',
  },
  {
    daysAgo: 17,
    title: 'Banner ads are open to everyone',
    content:
      '<p>Anyone with an account can now buy a banner under the game. Banners are reviewed before they run and refunded in full when refused.</p><blockquote>Ads are images only, served by our own servers: no trackers.</blockquote>',
  },
  {
    daysAgo: 23,
    title: 'Faster boards on older phones',
    content:
      '<p>The board now draws only while something moves and caches each ball, so older phones keep a smooth frame rate during long cascades.</p>',
  },
  {
    daysAgo: 30,
    title: 'Maintenance on Sunday night',
    content:
      '<p>We will update the servers on Sunday between 02:00 and 02:30 UTC. Games in progress are kept; the leaderboards may pause for a few minutes.</p>',
  },
  {
    daysAgo: 37,
    title: 'Runs of six now score double',
    content:
      '<p>A run of six or more balls of one colour now scores <strong>double</strong>, and it counts twice towards the level target.</p>',
  },
  {
    daysAgo: 45,
    title: 'The leaderboard archive',
    content:
      '<p>Every finished week now has its page in the <a href="/leaderboard-archive">leaderboard archive</a>, grouped by quarter.</p>',
  },
  {
    daysAgo: 52,
    title: 'Save your progress with an account',
    content:
      '<p>Signed-in players can now leave a game and pick it up later on any device. Guests can still play and submit scores under any free name.</p>',
  },
  {
    daysAgo: 60,
    title: 'Extra moves for watching an ad',
    content:
      '<p>When you run out of moves you may watch a short ad for seven more, once per game.</p>',
  },
  {
    daysAgo: 68,
    title: 'Fair play checks',
    content:
      '<p>Every ranked game is now checked by the server move by move. Scores that look automated wait for a review before they reach the boards.</p>',
  },
  {
    daysAgo: 75,
    title: 'Welcome to BallMatch',
    content:
      '<p>Match three or more balls of a colour, reach each level’s target colour, and climb the weekly, seasonal and all-time boards. Have fun!</p>',
  },
];

const MESSAGES = [
  {
    name: 'Maya',
    email: 'maya.k@mail.example.org',
    message:
      'Love the new hints! Could the hint wait a bit longer on later levels?\nThanks for the great game.',
  },
  {
    name: 'Tom Becker',
    email: 'tom.becker@example.com',
    message: 'The board froze on level 7 after a big cascade on my old tablet (Android 9).',
  },
  {
    name: 'Priya',
    email: 'priya@example.net',
    message: 'How do I get my banner ad in front of players in Europe only?',
  },
];

async function call(request, method, url, data) {
  const response = await request.fetch(url, { method, data });
  if (!response.ok())
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json();
}

/** The news as the admin writes it: 12 published, a scheduled one and a draft. */
async function writeNews(request) {
  const now = Date.now();
  for (const item of [...NEWS].reverse()) {
    const update = await call(request, 'POST', '/api/admin/updates', item);
    const publishDate = new Date(now - item.daysAgo * DAY).toISOString();
    await call(request, 'POST', `/api/admin/updates/${update.id}/publish`, { publishDate });
  }
  const scheduled = await call(request, 'POST', '/api/admin/updates', {
    title: 'Holiday tournament: double points for a weekend',
    content: '<p>From Friday to Sunday every run scores double. Good luck!</p>',
  });
  await call(request, 'POST', `/api/admin/updates/${scheduled.id}/publish`, {
    publishDate: new Date(now + 9 * DAY).toISOString(),
  });
  return call(request, 'POST', '/api/admin/updates', {
    title: 'Draft: the spring season',
    content: '<p>Notes for the spring season announcement.</p>',
  });
}

/** A shot down to the end of the page's own content (the footer is on every page). */
async function shootPage(page, viewport, file) {
  await page.waitForTimeout(500);
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

async function newContext(browser, baseUrl, options) {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  await context.addInitScript(() => {
    const consent = { accepted: true, timestamp: new Date().toISOString() };
    localStorage.setItem('cookieConsent', JSON.stringify(consent));
  });
  return context;
}

async function shoot(baseUrl) {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await launchChromium();
  try {
    const admin = await newContext(browser, baseUrl, DESKTOP);
    await call(admin.request, 'POST', '/api/admin/login', ADMIN);
    const draft = await writeNews(admin.request);
    for (const message of MESSAGES) {
      await call(admin.request, 'POST', '/api/feedback', message);
    }

    for (const [name, options] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ]) {
      const guest = await newContext(browser, baseUrl, options);
      const page = await guest.newPage();
      await page.goto('/updates', { waitUntil: 'networkidle' });
      await page.getByRole('article').first().waitFor();
      await shootPage(page, options.viewport, path.join(outDir, `updates-${name}.png`));
      await page.getByRole('article').first().getByRole('link').first().click();
      await page.getByTestId('update-content').waitFor();
      await shootPage(page, options.viewport, path.join(outDir, `update-${name}.png`));
      await guest.close();
    }

    const page = await admin.newPage();
    await page.goto('/admin-updates', { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Write an update' }).waitFor();
    await shootPage(page, DESKTOP.viewport, path.join(outDir, 'admin-updates-desktop.png'));
    await page.goto(`/admin-updates?edit=${draft.id}`, { waitUntil: 'networkidle' });
    const editor = page.getByRole('textbox', { name: 'Text' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'H2 heading' }).click();
    await page.keyboard.type('Prizes');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('A badge for the weekly top 10');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Double points');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type(' on the final weekend');
    await shootPage(page, DESKTOP.viewport, path.join(outDir, 'admin-update-editor-desktop.png'));
    await page.goto('/admin-feedback', { waitUntil: 'networkidle' });
    await page.getByRole('article').first().waitFor();
    await page.getByRole('button', { name: 'Mark as read' }).last().click();
    await page.getByRole('button', { name: 'Mark as unread' }).waitFor();
    await shootPage(page, DESKTOP.viewport, path.join(outDir, 'admin-feedback-desktop.png'));
    await admin.close();
  } finally {
    await browser.close();
  }
}

const database = await testing.createTestDatabase('shots');
const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-shots-keys-'));
let stack;
try {
  stack = await startStack({
    gatewayPort: 18380,
    authPort: 51351,
    sessionsPort: 51353,
    scoresPort: 51352,
    adsPort: 51354,
    contentPort: 51355,
    realtimePort: 18390,
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
  await shoot(stack.url);
} finally {
  await stack?.stop();
  await database.drop();
  fs.rmSync(keyDir, { recursive: true, force: true });
}
