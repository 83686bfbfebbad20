// Builds what the stack runs: TypeScript project references (tsc -b, incremental) and the
// web app (Vite). Both skip work that is already up to date.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './stack.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function build({ log = console.log } = {}) {
  log('build: TypeScript (tsc -b)');
  execFileSync(bin('tsc'), ['-b'], { cwd: root, stdio: 'inherit' });
  const webIndex = path.join(root, 'web/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(root, 'web')),
    newestMtime(path.join(root, 'packages/engine/src')),
    newestMtime(path.join(root, 'packages/rules/src')),
  );
  if (fs.existsSync(webIndex) && fs.statSync(webIndex).mtimeMs > sources) {
    log('build: web app is up to date');
    return;
  }
  log('build: web app (vite build)');
  execFileSync(bin('vite'), ['build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) build();
