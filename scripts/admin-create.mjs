// `npm run admin:create -- --username U --password P`: the only way, besides
// ADMIN_USERNAME/ADMIN_PASSWORD at start, that an admin account comes to exist.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ensureDatastores } from './datastores.mjs';
import { root } from './stack.mjs';

await ensureDatastores({ log: () => {} });
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'services/auth'], {
  cwd: root,
  stdio: 'inherit',
});
try {
  execFileSync(
    process.execPath,
    [path.join(root, 'services/auth/dist/cli/admin-create.js'), ...process.argv.slice(2)],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
} catch (error) {
  process.exit(error.status ?? 1);
}
