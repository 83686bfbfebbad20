// Takes the documentation screenshots of the web app with Debian's Chromium.
// Usage: node web/scripts/screenshots.mjs [baseUrl] [outDir]
//   baseUrl defaults to http://localhost:4173 (`npm run preview -w @ballmatch/web`).
import path from 'node:path';
import { withCamera } from './lib/shots.mjs';

const baseUrl = process.argv[2] ?? 'http://localhost:4173';
const outDir = path.resolve(process.argv[3] ?? 'docs/screenshots');
const pages = (process.env.SHOT_PAGES ?? '/login').split(',');

await withCamera(baseUrl, outDir, (camera) =>
  camera.eachViewport(async (context, viewport) => {
    context.on('console', (msg) => {
      if (msg.type() === 'error') console.log(`[${viewport}] console error: ${msg.text()}`);
    });
    const page = await context.newPage();
    for (const route of pages) {
      await page.goto(route, { waitUntil: 'networkidle' });
      // The session check may retry for a couple of seconds when no backend answers.
      await page.waitForSelector('[data-testid="page-spinner"]', {
        state: 'detached',
        timeout: 15000,
      });
      await page.waitForTimeout(500);
      const slug = route === '/' ? 'home' : route.replace(/^\//, '').replace(/\//g, '-');
      await camera.save(page, `${slug}-${viewport}`, { fullPage: process.env.SHOT_FULL === '1' });
    }
  }),
);
