// Screenshots of the information pages (/about, /faq, /privacy-policy, /terms-of-service,
// /contact) on a 390×844 phone and a 1280×800 desktop, each down to the end of its content.
// /contact is shot as a signed-in player (name and email filled in) and again after sending a
// message through the real feedback route. It starts its own isolated stack (fresh database,
// Redis and NATS prefixes, free-standing ports).
// Usage (after `node scripts/build.mjs`): node web/scripts/info-screenshots.mjs [outDir]
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
const PAGES = ['/about', '/faq', '/privacy-policy', '/terms-of-service', '/contact'];
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
const PLAYER = {
  username: 'ann_plays',
  email: 'ann.long.address.for.the.phone@mail.example.org',
  password: `shots-${randomBytes(6).toString('hex')}`,
};

/** A full-length shot of the page's own content (the footer is on every page). */
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
      const signIn = await context.request.post('/api/login', {
        data: { email: PLAYER.email, password: PLAYER.password },
      });
      if (!signIn.ok()) throw new Error(`sign-in: ${signIn.status()} ${await signIn.text()}`);
      const page = await context.newPage();
      for (const route of PAGES) {
        await page.goto(route, { waitUntil: 'networkidle' });
        if (route === '/faq') await page.locator('details summary').first().click();
        await shootPage(page, options.viewport, path.join(outDir, `${route.slice(1)}-${name}.png`));
      }
      // The thank-you after a message really sent.
      await page
        .getByRole('textbox', { name: 'Message' })
        .fill('The board froze on level 7 after a big cascade.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await page
        .getByRole('status')
        .getByText(/^Thanks, /)
        .waitFor();
      await shootPage(page, options.viewport, path.join(outDir, `contact-sent-${name}.png`));
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
    gatewayPort: 18280,
    authPort: 51251,
    sessionsPort: 51253,
    scoresPort: 51252,
    adsPort: 51254,
    contentPort: 51255,
    realtimePort: 18290,
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: database.url,
      REDIS_KEY_PREFIX: testing.testRedisPrefix(),
      NATS_SUBJECT_PREFIX: testing.testNatsPrefix(),
      JWT_DEV_KEY_DIR: keyDir,
      ADMIN_USERNAME: 'shots_admin',
      ADMIN_PASSWORD: `shots-${randomBytes(8).toString('hex')}`,
    },
    log: () => undefined,
  });
  const registered = await fetch(`${stack.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.url },
    body: JSON.stringify(PLAYER),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  await shoot(stack.url);
} finally {
  await stack?.stop();
  await database.drop();
  fs.rmSync(keyDir, { recursive: true, force: true });
}
