import { AppError, clientAddress } from '@ballmatch/platform';

/**
 * Wrong passwords slow the one guessing, never lock the owner out (OWASP ASVS 5.0 §6.3:
 * anti-automation without account lockout). Failures are counted in a 15-minute window that
 * starts at the first one:
 *
 * - per account and address: after 10, that address may not try that account again until the
 *   window ends (whether or not the password is right, so nothing leaks);
 * - per address: after 50 across any accounts (credential stuffing), that address waits;
 * - per account, from everywhere: after 100 the account is under attack, and an address that
 *   has already failed 3 times on it waits too. One that has not (the owner at home, on the
 *   phone) still signs in with the right password.
 *
 * An address is an IPv4 address or an IPv6 /64 (one subscriber's network: trying from each of
 * its addresses gains nothing). A correct password clears its own account-and-address count.
 */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const PAIR_FAILURE_LIMIT = 10;
export const ADDRESS_FAILURE_LIMIT = 50;
export const ACCOUNT_ATTACK_THRESHOLD = 100;
export const UNDER_ATTACK_PAIR_LIMIT = 3;

export interface FailureCounter {
  /** Each key's count and seconds left in its window (0 when none), in one round trip. */
  read(keys: string[]): Promise<Array<{ count: number; ttlSeconds: number }>>;
  /** Adds one failure to each key; a window starts at a key's first failure. */
  increment(keys: string[], windowSeconds: number): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface ThrottleKeys {
  pair: string;
  address: string;
  account: string;
}

/** The address failures are counted on: IPv4 as it is, IPv6 by its /64. */
export const throttleAddress = clientAddress;

export function throttleKeys(accountName: string, clientIp: string): ThrottleKeys {
  const account = accountName.trim().toLowerCase();
  const address = throttleAddress(clientIp);
  // The address goes first: it has no spaces, so the pair key cannot be read two ways.
  return {
    pair: `pair:${address} ${account}`,
    address: `ip:${address}`,
    account: `acct:${account}`,
  };
}

export async function assertNotThrottled(
  counter: FailureCounter,
  keys: ThrottleKeys,
): Promise<void> {
  const [pair, address, account] = await counter.read([keys.pair, keys.address, keys.account]);
  const blocked = [
    pair!.count >= PAIR_FAILURE_LIMIT ? pair!.ttlSeconds : -1,
    address!.count >= ADDRESS_FAILURE_LIMIT ? address!.ttlSeconds : -1,
    account!.count >= ACCOUNT_ATTACK_THRESHOLD && pair!.count >= UNDER_ATTACK_PAIR_LIMIT
      ? pair!.ttlSeconds
      : -1,
  ];
  const longest = Math.max(...blocked);
  if (longest >= 0) {
    const wait = Math.max(1, longest);
    throw new AppError('RESOURCE_EXHAUSTED', `Too many attempts. Try again in ${wait} seconds.`, {
      retryAfterSeconds: wait,
    });
  }
}

export async function recordFailure(counter: FailureCounter, keys: ThrottleKeys): Promise<void> {
  await counter.increment([keys.pair, keys.address, keys.account], THROTTLE_WINDOW_SECONDS);
}

/** The owner got in from this address: its own count starts again (the others stay). */
export async function recordSuccess(counter: FailureCounter, keys: ThrottleKeys): Promise<void> {
  await counter.clear(keys.pair);
}
