import type { Redis } from 'ioredis';

/**
 * Logged-out tokens are deny-listed in Redis until they would have expired. auth writes the
 * entry; the gateway (and any service that reads the cookie) checks it on every request.
 */
const key = (tokenId: string) => `auth:revoked:${tokenId}`;

export async function revokeToken(redis: Redis, tokenId: string, expiresAt: number): Promise<void> {
  const ttl = expiresAt - Math.floor(Date.now() / 1000);
  if (ttl > 0) await redis.set(key(tokenId), '1', 'EX', ttl);
}

export async function isTokenRevoked(redis: Redis, tokenId: string): Promise<boolean> {
  return (await redis.exists(key(tokenId))) === 1;
}
