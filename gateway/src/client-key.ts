import { createHash } from 'node:crypto';
import type { Request } from 'express';

/**
 * The browser as the ads service knows it: a hash of its address as this gateway sees it
 * (`TRUST_PROXY` hops of X-Forwarded-For trusted), so ad offers answer only to the client they
 * were made for and the address itself never leaves the edge.
 */
export function clientKey(req: Request): string {
  return createHash('sha256')
    .update(`ballmatch-ad-client:${req.ip ?? ''}`)
    .digest('base64url');
}
