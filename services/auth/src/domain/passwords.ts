import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { AppError } from '@ballmatch/platform';

const argon2Async = promisify(argon2);

/** argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane), stored as a PHC string. */
const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 };

async function derive(password: string, nonce: Buffer, p = PARAMS): Promise<Buffer> {
  return argon2Async('argon2id', { message: password, nonce, ...p });
}

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await derive(password, nonce);
  const { memory: m, passes: t, parallelism: p } = PARAMS;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, m, t, p, nonce, expected] = match;
  const expectedHash = Buffer.from(expected!, 'base64url');
  const actual = await derive(password, Buffer.from(nonce!, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expectedHash.length,
  });
  return timingSafeEqual(actual, expectedHash);
}

let dummy: Promise<string> | undefined;

/** A hash to verify against when the account does not exist, so timing does not tell. */
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}

/**
 * What a stolen cookie alone must not do (change the email or password, delete the account)
 * asks for the current password: missing or wrong, a 400 on `currentPassword`.
 */
export async function assertCurrentPassword(
  given: string | undefined,
  stored: string,
  missingMessage: string,
): Promise<void> {
  if (given && (await verifyPassword(given, stored))) return;
  throw new AppError('INVALID_ARGUMENT', given ? 'Current password is incorrect' : missingMessage, {
    field: 'currentPassword',
  });
}
