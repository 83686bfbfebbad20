// podman as scripts/images/build.mjs runs it (runc, scripts/images/containers.conf), for the
// images' test: its setup starts the stack's containers, the test reads and stops them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../../..');

export function podman(args: string[]): string {
  return execFileSync('podman', ['--runtime', process.env.PODMAN_RUNTIME ?? 'runc', ...args], {
    env: {
      ...process.env,
      CONTAINERS_CONF:
        process.env.CONTAINERS_CONF ?? path.join(repoRoot, 'scripts/images/containers.conf'),
    },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** What the setup hands the test (in BALLMATCH_IMAGES_STACK, as JSON). */
export interface ImagesStack {
  /** The gateway, as a browser reaches it (also the origin the services are told). */
  url: string;
  /** Container name by compose service name. */
  containers: Record<string, string>;
  /** Image by compose service name. */
  images: Record<string, string>;
  /** Where each container's log is written at the end. */
  logDir: string;
}

export const STACK_ENV = 'BALLMATCH_IMAGES_STACK';

export function stackInfo(): ImagesStack {
  const raw = process.env[STACK_ENV];
  if (!raw) throw new Error(`${STACK_ENV} is unset: run with -c test/images/jest.config.js`);
  return JSON.parse(raw) as ImagesStack;
}
