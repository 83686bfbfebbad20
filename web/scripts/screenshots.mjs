// Takes the documentation screenshots of the web app with Debian's Chromium.
// Usage: node web/scripts/screenshots.mjs [baseUrl] [outDir]
//   baseUrl defaults to http://localhost:4173 (`npm run preview -w @ballmatch/web`).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:4173';
const outDir = path.resolve(process.argv[3] ?? 'docs/screenshots');
const pages = (process.env.SHOT_PAGES ?? '/login').split(',');

const viewports = [
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  {
    name: 'desktop',
    width: 1280,
    height: 800,
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
];

mkdirSync(outDir, { recursive: true });
// launch() starts Chromium with a fresh temporary profile every time.
const browser = await launchChromium();

try {
  for (const viewport of viewports) {
    const context = await browser.newContext({
      viewport: { width: viewport.width, height: viewport.height },
      deviceScaleFactor: viewport.deviceScaleFactor,
      isMobile: viewport.isMobile,
      hasTouch: viewport.hasTouch,
    });
    const page = await context.newPage();
    page.on('console', (msg) => {
      if (msg.type() === 'error') console.log(`[${viewport.name}] console error: ${msg.text()}`);
    });
    for (const route of pages) {
      await page.goto(new URL(route, baseUrl).href, { waitUntil: 'networkidle' });
      // The session check may retry for a couple of seconds when no backend answers.
      await page.waitForSelector('[data-testid="page-spinner"]', {
        state: 'detached',
        timeout: 15000,
      });
      await page.waitForTimeout(500);
      const slug = route === '/' ? 'home' : route.replace(/^\//, '').replace(/\//g, '-');
      const file = path.join(outDir, `${slug}-${viewport.name}.png`);
      await page.screenshot({ path: file, fullPage: process.env.SHOT_FULL === '1' });
      console.log(`saved ${file}`);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
