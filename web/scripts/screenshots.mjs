// The documentation screenshots (docs/screenshots/), one script with a table of scenarios. A
// scenario with `seed` and `shoot` gets a stack of its own (lib/shots.mjs: fresh database, Redis
// and NATS prefixes, free ports), seeded through the API as people would, then the camera;
// `pages` shoots a running site.
// Usage (after `node scripts/build.mjs`):
//   node web/scripts/screenshots.mjs [scenario ...|all] [--out docs/screenshots] [--base URL]
//   (no scenario: the list). `--base` is the running site `pages` shoots.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

// The ads scenario's Stripe stand-in is TypeScript (services/ads/test): run with Node's
// TypeScript transform.
if (process.features.typescript !== 'transform') {
  const again = spawnSync(
    process.execPath,
    [
      '--experimental-transform-types',
      '--disable-warning=ExperimentalWarning',
      '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}
const { startShotsStack, withCamera } = await import('./lib/shots.mjs');

/**
 * name -> { module } or { about, run }. A module exports `about`, `shoot(camera, seeded)` and
 * may export `seed(stack, options)` (its answer, `seeded`, may have a `dispose()`), `stack` (the
 * options of its stack, or a function answering them) and `camera` (withCamera's options).
 */
const SCENARIOS = {
  pages: {
    about: 'pages of a running site (SHOT_PAGES, default /login; SHOT_FULL=1: full page)',
    run: shootPages,
  },
  info: { module: './scenarios/info.mjs' },
  updates: { module: './scenarios/updates.mjs' },
  admin: { module: './scenarios/admin.mjs' },
  dashboard: { module: './scenarios/dashboard.mjs' },
  leaderboards: { module: './scenarios/leaderboards.mjs' },
  ads: { module: './scenarios/ads.mjs' },
  game: { module: './scenarios/game.mjs' },
};

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string', default: 'docs/screenshots' },
    base: { type: 'string', default: 'http://localhost:4173' },
  },
});
const outDir = path.resolve(args.out);

/**
 * A scenario on a stack of its own: its options (a function's answer may `dispose()` of what it
 * started), seeded, shot, and the stack stopped.
 */
async function runOnStack(scenario) {
  const options = typeof scenario.stack === 'function' ? await scenario.stack() : scenario.stack;
  let stack;
  let seeded;
  try {
    stack = await startShotsStack(options);
    seeded = await scenario.seed?.(stack, options);
    await withCamera(
      stack.url,
      outDir,
      (camera) => scenario.shoot(camera, seeded),
      scenario.camera,
    );
  } finally {
    await seeded?.dispose?.();
    await stack?.stop();
    await options?.dispose?.();
  }
}

/** The pages SHOT_PAGES names (default /login) of the running site at --base. */
function shootPages() {
  const pages = (process.env.SHOT_PAGES ?? '/login').split(',');
  return withCamera(args.base, outDir, (camera) =>
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
        const fullPage = process.env.SHOT_FULL === '1';
        await camera.save(page, `${slug}-${viewport}`, { fullPage });
      }
    }),
  );
}

async function run(name) {
  const entry = SCENARIOS[name];
  return entry.run ? entry.run() : runOnStack(await import(entry.module));
}

const names = positionals.includes('all') ? Object.keys(SCENARIOS) : positionals;
const unknown = names.filter((name) => !(name in SCENARIOS));
if (names.length === 0 || unknown.length > 0) {
  if (unknown.length > 0) console.error(`no scenario named ${unknown.join(', ')}`);
  console.log('node web/scripts/screenshots.mjs [scenario ...|all] [--out DIR] [--base URL]');
  for (const [name, entry] of Object.entries(SCENARIOS)) {
    const about = entry.about ?? (await import(entry.module)).about;
    console.log(`  ${name.padEnd(13)} ${about}`);
  }
  process.exit(unknown.length > 0 ? 1 : 0);
}
for (const name of names) {
  console.log(`screenshots: ${name}`);
  await run(name);
}
