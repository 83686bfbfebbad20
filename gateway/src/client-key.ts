import { createHmac } from 'node:crypto';
import type { Request } from 'express';
import { devSecret } from '@ballmatch/platform';

/**
 * The browser as the ads service knows it, from its address as this gateway sees it
 * (`TRUST_PROXY` hops of X-Forwarded-For trusted): ad offers answer only to the client they
 * were made for, and the address itself never leaves the edge.
 */
export type ClientKey = (req: Pick<Request, 'ip'>) => string;

/**
 * An HMAC-SHA-256 of the address keyed with `secret`. Keyed, because a plain hash of an address
 * is reversed by hashing all 2^32 IPv4 addresses; every replica must hold the same secret, or
 * an impression through one gateway would not match the offer made through another.
 */
export function clientKeyOf(secret: string): ClientKey {
  return (req) =>
    createHmac('sha256', secret)
      .update(req.ip ?? '')
      .digest('base64url');
}

/** AD_CLIENT_KEY_SECRET, or in development the one made under .data/keys for local gateways. */
export function clientKeySecret(config: { AD_CLIENT_KEY_SECRET?: string }): string {
  return config.AD_CLIENT_KEY_SECRET ?? devSecret('ad-client-key');
}
