// Keeps the wire contract deliberate. Without arguments: `buf lint` (the STANDARD rules of
// proto/buf.yaml) and `buf breaking` against proto/released.json, the image of the contract as
// last released; both must pass (packages/proto's tests run this). `--release` rewrites that
// image from proto/ as it is now: the one step that accepts a wire change on purpose.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buf = (...args) =>
  execFileSync(path.join(root, 'node_modules/.bin/buf'), args, {
    cwd: path.join(root, 'proto'),
    stdio: 'inherit',
  });

if (process.argv.includes('--release')) {
  buf('build', '--exclude-source-info', '-o', 'released.json');
  console.log('proto/released.json now holds the contract as it is');
} else {
  try {
    buf('lint');
    buf('breaking', '--against', 'released.json');
  } catch {
    console.error('proto: see buf above (a deliberate wire change: npm run proto:release)');
    process.exit(1);
  }
  console.log('proto: lint clean, no breaking change since proto/released.json');
}
