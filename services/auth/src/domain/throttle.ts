import { AppError } from '@ballmatch/platform';

/**
 * Wrong passwords are counted per account and per client IP in a 15-minute window. Past the
 * limit, sign-in answers 429 until the window ends, whether or not the password is right, so
 * guessing is slowed without telling an attacker anything. A success clears the account count.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FAILURE_LIMIT = 10;
export const IP_FAILURE_LIMIT = 50;

export interface FailureCounter {
  /** Current count and seconds left in its window (0 when none). */
  read(key: string): Promise<{ count: number; ttlSeconds: number }>;
  increment(key: string, windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface ThrottleKeys {
  account: string;
  ip: string;
}

export function throttleKeys(accountName: string, clientIp: string): ThrottleKeys {
  return { account: `acct:${accountName.trim().toLowerCase()}`, ip: `ip:${clientIp || 'unknown'}` };
}

export async function assertNotThrottled(
  counter: FailureCounter,
  keys: ThrottleKeys,
): Promise<void> {
  const [account, ip] = await Promise.all([counter.read(keys.account), counter.read(keys.ip)]);
  const blocked = [
    account.count >= ACCOUNT_FAILURE_LIMIT ? account.ttlSeconds : 0,
    ip.count >= IP_FAILURE_LIMIT ? ip.ttlSeconds : 0,
  ];
  const wait = Math.max(...blocked);
  if (wait > 0) {
    throw new AppError('RESOURCE_EXHAUSTED', `Too many attempts. Try again in ${wait} seconds.`, {
      retryAfterSeconds: wait,
    });
  }
}

export async function recordFailure(counter: FailureCounter, keys: ThrottleKeys): Promise<void> {
  await Promise.all([
    counter.increment(keys.account, THROTTLE_WINDOW_SECONDS),
    counter.increment(keys.ip, THROTTLE_WINDOW_SECONDS),
  ]);
}
