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
