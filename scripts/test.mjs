// `npm test`: every check a change must pass — lint, types, then every Jest project (unit,
// service, gateway, web components, deployment files, browser journeys) against the real
// PostgreSQL, Redis and NATS. Arguments after `--` go to Jest (e.g. `npm test -- gateway`).
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { ensureDatastores } from './datastores.mjs';
import { root } from './stack.mjs';

const bin = (name) => path.join(root, 'node_modules/.bin', name);
function run(cmd, args) {
  try {
    execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
  } catch {
    console.error(`\ntest: failed: ${path.basename(cmd)} ${args.join(' ')}`);
    process.exit(1);
  }
}
const jestArgs = process.argv.slice(2);

await ensureDatastores();
const everything = jestArgs.length === 0;
if (everything) {
  console.log('test: lint');
  run(bin('eslint'), ['.']);
  run(bin('prettier'), ['--check', '.', '--log-level', 'warn']);
}
build(); // tsc -b type-checks every workspace's sources and emits what e2e and tests import
if (everything) {
  console.log('test: types of the web app and of the tests');
  run(bin('tsc'), ['-p', 'web', '--noEmit']);
  run(bin('tsc'), ['-p', 'tsconfig.tests.json']);
  run(bin('tsc'), ['-p', 'e2e', '--noEmit']);
  run(bin('tsc'), ['-p', 'faults', '--noEmit']);
}
run('sh', [path.join(root, 'scripts/ensure-test-tools.sh')]);

console.log('test: jest');
const result = spawnSync(bin('jest'), ['--ci', '--maxWorkers=2', ...jestArgs], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
