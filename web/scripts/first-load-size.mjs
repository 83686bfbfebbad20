// Gzipped size of the JavaScript a first visit downloads: the entry script of index.html, every
// chunk it imports statically, and the lazy chunk of the landing page with its own imports.
// Usage (after `vite build`): node web/scripts/first-load-size.mjs [route-chunk-prefix]
//   route-chunk-prefix defaults to "home" (the page of "/").
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const assets = path.join(dist, 'assets');
const routeChunk = process.argv[2] ?? 'home';

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const route = readdirSync(assets).find((f) => f.startsWith(`${routeChunk}-`) && f.endsWith('.js'));
if (!route) throw new Error(`no chunk named ${routeChunk}-*.js in ${assets}`);

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(path.join(assets, file), 'utf8');
  // Static imports only: `import ... from "./x.js"` and `import "./x.js"`, not import().
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
}
for (const file of [...entries, route]) visit(file);

let total = 0;
for (const file of [...seen].sort()) {
  const size = gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1024).toFixed(2).padStart(8)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(2).padStart(8)} KB  total gzipped JS, first load of "${routeChunk}"`,
);
