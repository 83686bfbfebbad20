import type { KeyObject } from 'node:crypto';
import { AppError, isTokenRevoked, verifySessionToken, type Redis } from '@ballmatch/platform';

/** Verifies an admin call's token here too (defence in depth); resolves with the admin's id. */
export type AuthorizeAdmin = (token: string) => Promise<{ userId: string }>;

export function adminAuthorizer(publicKey: KeyObject, redis: Redis): AuthorizeAdmin {
  return async (token) => {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    const claims = await verifySessionToken(publicKey, token);
    if (await isTokenRevoked(redis, claims.tokenId)) {
      throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    }
    if (claims.role !== 'admin') throw new AppError('PERMISSION_DENIED', 'Admin access required');
    return { userId: claims.userId };
  };
}
