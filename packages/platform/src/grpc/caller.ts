import type { KeyObject } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import type { Redis } from 'ioredis';
import { AppError } from '../errors';
import { verifySessionToken, type PublicKeys } from '../jwt';
import { isSessionRevoked } from '../revocation';
import type { ServiceName } from './service-identity';

/**
 * Who is calling a service. The gateway forwards the player's session token in the
 * `authorization` call metadata (never in a request message); the server's middleware verifies
 * it and hands handlers this typed caller.
 */
export type Caller = Guest | SignedIn;
export interface Guest {
  role: 'guest';
}
export interface SignedIn {
  role: 'user' | 'admin';
  id: string;
  /** The token's id and expiry (unix seconds): what a logout deny-lists. */
  tokenId: string;
  expiresAt: number;
}

export const GUEST: Guest = Object.freeze({ role: 'guest' });

export const AUTHORIZATION_HEADER = 'authorization';
/** A player session's credential: it proves the caller started that session. */
export const SESSION_CREDENTIAL_HEADER = 'x-session-credential';

export const bearer = (token: string) => `Bearer ${token}`;

/**
 * Who may call the methods of a service; the server's middleware refuses everyone else.
 * `service`: only calls carrying the verified identity of one of those services
 * (service-identity.ts), whatever player they are made for.
 */
export type Access = 'public' | 'user' | 'admin' | { service: readonly ServiceName[] };

/** Turns a call's metadata into its caller; throws UNAUTHENTICATED for a bad credential. */
export type Authenticate = (metadata: Metadata) => Promise<Caller>;

/** What checks a session token: auth's public keys and the Redis of the deny-list. */
export interface TokenCheckDeps {
  /** The keys a token may be signed with (more than one while the signing key is rotated). */
  publicKey: KeyObject | PublicKeys;
  redis: Redis;
}

/**
 * The one check of a session token: signature, issuer, audience and expiry with auth's public
 * key, then the logout deny-list and the account's sign-out mark (a password change), in one
 * Redis round trip. A bad, expired or revoked token throws UNAUTHENTICATED; if Redis cannot say
 * whether the token was revoked, UNAVAILABLE rather than letting it through. Every gRPC
 * server's middleware uses it, and so does the sessions service's game socket at its
 * handshake.
 */
export async function callerFromToken(deps: TokenCheckDeps, token: string): Promise<SignedIn> {
  const claims = await verifySessionToken(deps.publicKey, token);
  let revoked: boolean;
  try {
    revoked = await isSessionRevoked(deps.redis, claims);
  } catch {
    throw new AppError('UNAVAILABLE', 'Session store unavailable. Please try again shortly.');
  }
  if (revoked) throw notAuthenticated();
  return {
    role: claims.role,
    id: claims.userId,
    tokenId: claims.tokenId,
    expiresAt: claims.expiresAt,
  };
}

/**
 * The check of every service's middleware: no credential is a guest; a bearer token goes
 * through `callerFromToken`, and a bad, expired or revoked one is refused (never downgraded to
 * a guest, so a caller learns its token is no good).
 */
export function createCallerAuthenticator(deps: TokenCheckDeps): Authenticate {
  return async (metadata) => {
    const values = metadata.get(AUTHORIZATION_HEADER);
    if (values.length === 0) return GUEST;
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(String(values[0]));
    if (values.length > 1 || !match) throw notAuthenticated();
    return callerFromToken(deps, match[1]!);
  };
}

const notAuthenticated = () => new AppError('UNAUTHENTICATED', 'Not authenticated');

/** A signed-in caller, player or admin. */
export function requireUser(ctx: { caller: Caller }): SignedIn {
  if (ctx.caller.role === 'guest') throw notAuthenticated();
  return ctx.caller;
}

/** An admin caller; a player gets PERMISSION_DENIED. */
export function requireAdmin(ctx: { caller: Caller }): SignedIn {
  const caller = requireUser(ctx);
  if (caller.role !== 'admin') throw new AppError('PERMISSION_DENIED', 'Admin access required');
  return caller;
}

/** The caller's id, or '' for a guest (optional attribution, e.g. a game played signed in). */
export function callerId(ctx: { caller: Caller }): string {
  return ctx.caller.role === 'guest' ? '' : ctx.caller.id;
}

/**
 * The browser's address as the gateway saw it, for a method that counts by address (only the
 * gateway's identity carries one: server.ts); a call without one is refused.
 */
export function requireClientAddress(ctx: { clientAddress: string | null }): string {
  if (!ctx.clientAddress) {
    throw new AppError('INVALID_ARGUMENT', "The client's address is required", {
      field: 'x-client-address',
    });
  }
  return ctx.clientAddress;
}

export function checkAccess(
  access: Access,
  ctx: { caller: Caller; callingService: ServiceName | null },
): void {
  if (access === 'admin') requireAdmin(ctx);
  else if (access === 'user') requireUser(ctx);
  else if (typeof access === 'object') requireService(access.service, ctx);
}

/** A call made by one of `services` (its verified identity); anyone else is refused. */
export function requireService(
  services: readonly ServiceName[],
  ctx: { callingService: ServiceName | null },
): ServiceName {
  const service = ctx.callingService;
  if (service === null) {
    throw new AppError('UNAUTHENTICATED', 'Only another service may call this method');
  }
  if (!services.includes(service)) {
    throw new AppError('PERMISSION_DENIED', `Not a method for ${service} to call`);
  }
  return service;
}
