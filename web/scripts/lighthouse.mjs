// Lighthouse on the home page of the production build served by the gateway, with Debian's
// Chromium (chrome-launcher, CHROME_PATH). Runs the mobile and the desktop preset a few times
// each, keeps the median performance and accessibility scores, measures the first load's
// gzipped JavaScript, and writes it all to docs/benchmarks.md under
// '## Web (first load and Lighthouse)'. Not part of `npm test` (slow).
// Usage (stack running, `npm run build -w web` done):
//   node web/scripts/lighthouse.mjs [url] [runs]      url defaults to http://localhost:8080/
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const url = process.argv[2] ?? 'http://localhost:8080/';
const runs = Number(process.argv[3] ?? 3);
const root = path.resolve(import.meta.dirname, '../..');
const benchmarks = path.join(root, 'docs/benchmarks.md');
const SECTION = '## Web (first load and Lighthouse)';

process.env.CHROME_PATH ??= CHROMIUM_PATH;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function audit(preset) {
  const chrome = await chromeLauncher.launch({
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS.filter((a) => a !== '--headless')],
  });
  try {
    const options = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    };
    const result = await lighthouse(url, options, preset === 'desktop' ? desktopConfig : undefined);
    const { categories, audits, runtimeError } = result.lhr;
    if (categories.performance.score === null || categories.accessibility.score === null) {
      // Lighthouse could not measure (e.g. its trace missed a paint): not a score of 0.
      return { error: runtimeError?.code ?? 'no score' };
    }
    return {
      performance: Math.round(categories.performance.score * 100),
      accessibility: Math.round(categories.accessibility.score * 100),
      fcp: audits['first-contentful-paint'].numericValue,
      lcp: audits['largest-contentful-paint'].numericValue,
      tbt: audits['total-blocking-time'].numericValue,
      cls: audits['cumulative-layout-shift'].numericValue,
      failed: Object.values(audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    chrome.kill();
  }
}

/** Gzipped KB per file of the first load of a route chunk (web/scripts/first-load-size.mjs). */
function loadSizes(routeChunk) {
  const out = execFileSync(
    process.execPath,
    [path.join(root, 'web/scripts/first-load-size.mjs'), routeChunk],
    { encoding: 'utf8' },
  );
  const files = new Map();
  for (const m of out.matchAll(/^\s*([\d.]+) KB\s+(\S+\.js)$/gm)) files.set(m[2], Number(m[1]));
  return files;
}

const sum = (files) => [...files.values()].reduce((a, b) => a + b, 0);

/** The game's own chunk and what it imports statically, in gzipped KB per file. */
function gameChunkSizes() {
  const assets = path.join(root, 'web/dist/assets');
  const files = new Map();
  const visit = (file) => {
    if (files.has(file)) return;
    const code = readFileSync(path.join(assets, file));
    files.set(file, gzipSync(code, { level: 9 }).length / 1024);
    for (const m of code.toString().matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
  };
  const game = readdirSync(assets).find((f) => /^game-[A-Za-z0-9_-]{8}\.js$/.test(f));
  if (game) visit(game);
  return files;
}

const rows = [];
for (const preset of ['mobile', 'desktop']) {
  const results = [];
  for (let i = 0, failures = 0; i < runs; i++) {
    const r = await audit(preset);
    if (r.error) {
      console.log(`${preset} run ${i + 1}: no result (${r.error}); running it again`);
      if (++failures > 3) throw new Error('Lighthouse failed 4 times');
      i--;
      continue;
    }
    console.log(
      `${preset} run ${i + 1}: performance ${r.performance}, accessibility ${r.accessibility}`,
    );
    if (r.failed.length) console.log(`  failed binary audits: ${r.failed.join(', ')}`);
    results.push(r);
  }
  rows.push({
    preset,
    performance: median(results.map((r) => r.performance)),
    accessibility: median(results.map((r) => r.accessibility)),
    fcp: median(results.map((r) => r.fcp)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
  });
}
const home = loadSizes('home');
const kb = sum(home);
// The game's own chunk (engine, canvas, dialogs) is fetched right after the first paint.
const withGame = sum(new Map([...gameChunkSizes(), ...home]));

const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
const lines = [
  SECTION,
  '',
  'Commands: `npm run build -w web`, then with the stack serving it `node web/scripts/lighthouse.mjs',
  `${url} ${runs}` +
    '` (Lighthouse ' +
    (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version +
    ', Debian Chromium via chrome-launcher, simulated throttling;',
  `median of ${runs} runs per preset) and \`npm run size -w @ballmatch/web\` for the first load.`,
  `Run: ${new Date().toISOString().slice(0, 10)} on ${cpu}, ${os.cpus().length} cores, Node ${process.version}.`,
  '',
  `First load of \`/\`: **${kb.toFixed(2)} KB** of gzipped JavaScript (budget 170 KB); with the`,
  `game's own chunk, fetched right after the first paint: ${withGame.toFixed(2)} KB. Tone.js`,
  '(after the first click), the other routes and the admin pages load on demand.',
  '',
  '| Preset | Performance | Accessibility | FCP | LCP | TBT | CLS |',
  '| ------ | ----------- | ------------- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.preset} | ${r.performance} | ${r.accessibility} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s | ${Math.round(r.tbt)} ms | ${r.cls.toFixed(3)} |`,
  ),
  '',
  'Budgets: performance ≥ 95 and accessibility ≥ 95.',
  '',
];

const current = readFileSync(benchmarks, 'utf8');
const start = current.indexOf(SECTION);
let next;
if (start < 0) {
  next = `${current.trimEnd()}\n\n${lines.join('\n')}`;
} else {
  const after = current.indexOf('\n## ', start + SECTION.length);
  next =
    current.slice(0, start) + lines.join('\n') + (after < 0 ? '' : `\n${current.slice(after + 1)}`);
}
writeFileSync(benchmarks, next.endsWith('\n') ? next : `${next}\n`);
// The repository's Prettier check covers Markdown tables too.
execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', benchmarks], {
  stdio: 'ignore',
});
console.log(lines.join('\n'));
