import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { devSecret } from '../src';

describe('devSecret', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-dev-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('is made once per directory and name, readable only by its owner, then read back', () => {
    const dir = newDir();
    const first = devSecret('ad-client-key', dir);
    expect(first).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
    expect(devSecret('ad-client-key', dir)).toBe(first);
    expect(devSecret('other', dir)).not.toBe(first);
    expect(devSecret('ad-client-key', newDir())).not.toBe(first);
    const mode = fs.statSync(path.join(dir, 'ad-client-key.secret')).mode & 0o777;
    expect(mode).toBe(0o600);
  });
});
