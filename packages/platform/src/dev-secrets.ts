import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where development keys and secrets are made when none is given: .data/keys in the repo. */
export const defaultDevKeyDir = path.resolve(__dirname, '../../../.data/keys');

/**
 * The text of `file`, made first with `make()` if it does not exist. Local processes start
 * together: each writes a file of its own and links it into place, the first link wins, and
 * every process reads that one.
 */
export function readOrCreateOnce(file: string, make: () => string): string {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, make(), { mode: 0o600 });
    try {
      fs.linkSync(tmp, file); // fails if another process made it first; theirs wins
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return fs.readFileSync(file, 'utf8');
}

/**
 * A development secret (32 random bytes, base64url) made once under `dir` and shared by every
 * local process, so replicas on one machine agree. Only for a secret the config left unset,
 * which production refuses at start (loadConfig's `secrets`).
 */
export function devSecret(name: string, dir = defaultDevKeyDir): string {
  return readOrCreateOnce(path.join(dir, `${name}.secret`), () =>
    randomBytes(32).toString('base64url'),
  );
}
