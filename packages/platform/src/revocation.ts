import type { Redis } from 'ioredis';

/**
 * Tokens that no longer open a session, in Redis, written by auth and checked by the gateway
 * on every request and by every service's caller check on every call:
 *
 * - `auth:revoked:<jti>`: one token, logged out; kept until the token would have expired.
 * - `auth:signed-out-before:<userId>`: a moment (ms since the epoch); every token of that
 *   account issued at or before it is void. A password change writes it (so every session
 *   signed in with the old password ends), kept for the longest life a token can have.
 *
 * Both are read in one round trip (MGET), so the second costs no extra latency.
 */
const revokedKey = (tokenId: string) => `auth:revoked:${tokenId}`;
const signedOutKey = (userId: string) => `auth:signed-out-before:${userId}`;

/** The longest life of a session token (auth's JWT_TTL_SECONDS may not exceed it). */
export const LONGEST_TOKEN_LIFE_SECONDS = 30 * 24 * 3600;

export async function revokeToken(redis: Redis, tokenId: string, expiresAt: number): Promise<void> {
  const ttl = expiresAt - Math.floor(Date.now() / 1000);
  if (ttl > 0) await redis.set(revokedKey(tokenId), '1', 'EX', ttl);
  await publishRevocation(redis, { tokenId });
}

export async function isTokenRevoked(redis: Redis, tokenId: string): Promise<boolean> {
  return (await redis.exists(revokedKey(tokenId))) === 1;
}

// Keeps the later of two marks, so concurrent changes never move the mark back in time.
const SIGN_OUT_SCRIPT = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
local at = tonumber(ARGV[1])
if at > current then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return at
end
return current`;

/**
 * Voids every token of the account issued at or before `at` (ms; default now). Answers the
 * mark now in force; a token issued after it stays valid.
 */
export async function signOutEverywhere(
  redis: Redis,
  userId: string,
  at: number = Date.now(),
): Promise<number> {
  const mark = await redis.eval(
    SIGN_OUT_SCRIPT,
    1,
    signedOutKey(userId),
    String(Math.floor(at)),
    String(LONGEST_TOKEN_LIFE_SECONDS),
  );
  await publishRevocation(redis, { userId });
  return Number(mark);
}

/**
 * Whether a verified token no longer opens a session: logged out, or issued at or before
 * its account's sign-out mark. One MGET.
 */
export async function isSessionRevoked(
  redis: Redis,
  claims: { tokenId: string; userId: string; issuedAt: number },
): Promise<boolean> {
  const [revoked, signedOutBefore] = await redis.mget(
    revokedKey(claims.tokenId),
    signedOutKey(claims.userId),
  );
  if (revoked !== null) return true;
  return signedOutBefore !== null && claims.issuedAt <= Number(signedOutBefore);
}

/**
 * The channel on which every write above is announced (under the connection's key prefix,
 * which Redis does not apply to channels): a process holding signed-in sockets (sessions' game
 * socket) closes them at once instead of at its next periodic check. A notice says only whom
 * to check again: the deny-list above stays the truth.
 */
export const REVOCATION_CHANNEL = 'auth:revocations';

/** A logged-out token (`tokenId`), or an account whose earlier tokens are void (`userId`). */
export type RevocationNotice = { tokenId: string } | { userId: string };

const channelOf = (redis: Redis) => `${redis.options.keyPrefix ?? ''}${REVOCATION_CHANNEL}`;

/**
 * Announces a revocation already written. Best effort: a notice lost (Redis gone between the
 * write and this) leaves the listeners' periodic check to find the revocation.
 */
export async function publishRevocation(redis: Redis, notice: RevocationNotice): Promise<void> {
  try {
    await redis.publish(channelOf(redis), JSON.stringify(notice));
  } catch {
    // The deny-list entry is written; the periodic check is the net.
  }
}

function noticeOf(message: string): RevocationNotice | null {
  try {
    const parsed = JSON.parse(message) as Record<string, unknown>;
    if (typeof parsed.tokenId === 'string') return { tokenId: parsed.tokenId };
    if (typeof parsed.userId === 'string') return { userId: parsed.userId };
  } catch {
    // Not a notice.
  }
  return null;
}

export interface RevocationSubscription {
  close(): Promise<void>;
}

/**
 * Hears the revocation notices on a connection of its own (a subscribed connection can do
 * nothing else), named `auth:revocations@<prefix>`. While it is down, notices are lost:
 * `resubscribed` is called each time it is subscribed again, for the listener to check again
 * everything it holds.
 */
export async function subscribeRevocations(
  redis: Redis,
  on: { notice(notice: RevocationNotice): void; resubscribed(): void },
): Promise<RevocationSubscription> {
  const channel = channelOf(redis);
  const subscriber = redis.duplicate({
    lazyConnect: true,
    connectionName: `${REVOCATION_CHANNEL}@${redis.options.keyPrefix ?? ''}`,
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from !== channel) return;
    const notice = noticeOf(message);
    if (notice) on.notice(notice);
  });
  // Errors are retried by the connection itself; 'ready' follows each reconnection.
  subscriber.on('error', () => {});
  await subscriber.connect();
  await subscriber.subscribe(channel);
  subscriber.on('ready', () => {
    // Subscribed again (ioredis resends it after 'ready'): confirmed before the check, so a
    // revocation written after the check is heard.
    subscriber.subscribe(channel).then(on.resubscribed, () => {});
  });
  return {
    async close() {
      subscriber.disconnect();
    },
  };
}
