import {
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
  createPrivateKey,
  createPublicKey,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';
import { defaultDevKeyDir, readOrCreateOnce } from './dev-secrets';
import { AppError } from './errors';

/** Session tokens are Ed25519-signed JWTs: only auth holds the private key. */
export interface SessionClaims {
  userId: string;
  role: 'user' | 'admin';
  tokenId: string;
  /** Unix seconds. */
  expiresAt: number;
  /**
   * When auth signed it, in milliseconds since the epoch (`iat` carries milliseconds as a
   * fraction of a second): a password change voids every token issued up to that moment.
   */
  issuedAt: number;
}

/** The browser's session cookie: the token, httpOnly (the gateway sets and reads it). */
export const SESSION_COOKIE = 'bm_session';

/**
 * The session token in a raw Cookie header (a WebSocket handshake has no cookie parser in
 * front of it); null without one. Not verified: `verifySessionToken` does that.
 */
export function sessionTokenFromCookies(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value) || null;
    } catch {
      return null;
    }
  }
  return null;
}

const ISSUER = 'ballmatch-auth';
const AUDIENCE = 'ballmatch';

/**
 * Signs a session. `issuedAt` (ms) defaults to now; a sign-in passes the moment it began
 * checking the password, so a password change that commits meanwhile voids the token too.
 */
export async function signSessionToken(
  privateKey: KeyObject,
  claims: { userId: string; role: 'user' | 'admin' },
  ttlSeconds: number,
  issuedAt: number = Date.now(),
): Promise<{ token: string; tokenId: string; expiresAt: number; issuedAt: number }> {
  const tokenId = randomUUID();
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
  const token = await new SignJWT({ role: claims.role })
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject(claims.userId)
    .setJti(tokenId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt / 1000)
    .setExpirationTime(expiresAt)
    .sign(privateKey);
  return { token, tokenId, expiresAt, issuedAt };
}

/**
 * The keys a token may be signed with: the current one, and during a rotation the one before it
 * (docs/operations.md, "Rotate the session signing key").
 */
export type PublicKeys = readonly KeyObject[];

/** Tries each key in turn (two at most, and only while a rotation is under way). */
async function verifyWithAny(keys: PublicKeys, token: string) {
  let failure: unknown = new Error('no verification key');
  for (const key of keys) {
    try {
      return await jwtVerify(token, key, {
        algorithms: ['EdDSA'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/**
 * Verifies signature (by any of `publicKey`), issuer, audience and expiry; any failure is
 * UNAUTHENTICATED.
 */
export async function verifySessionToken(
  publicKey: KeyObject | PublicKeys,
  token: string,
): Promise<SessionClaims> {
  try {
    const { payload } = await verifyWithAny(
      Array.isArray(publicKey) ? publicKey : [publicKey as KeyObject],
      token,
    );
    const role = payload.role === 'admin' ? 'admin' : 'user';
    if (!payload.sub || !payload.jti || !payload.exp) throw new Error('incomplete token');
    // A token without `iat` counts as issued at the epoch: any sign-out mark voids it.
    const issuedAt = typeof payload.iat === 'number' ? Math.round(payload.iat * 1000) : 0;
    return { userId: payload.sub, role, tokenId: payload.jti, expiresAt: payload.exp, issuedAt };
  } catch {
    throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  }
}

/**
 * Development keys: made once under `dir` (default .data/keys in the repo) and shared by every
 * local process, so auth signs what the gateway verifies. Production passes PEMs instead.
 */
export function devKeyPair(dir = defaultDevKeyDir): { privatePem: string; publicPem: string } {
  const privateFile = path.join(dir, 'jwt-ed25519-private.pem');
  const publicFile = path.join(dir, 'jwt-ed25519-public.pem');
  const privatePem = readOrCreateOnce(privateFile, () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
  const publicPem = createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
  if (!fs.existsSync(publicFile)) fs.writeFileSync(publicFile, publicPem);
  return { privatePem, publicPem };
}

/** Accepts a PEM as is, or base64 of a PEM (handy in env files and Kubernetes secrets). */
export function pemFrom(value: string): string {
  return value.includes('-----BEGIN') ? value : Buffer.from(value, 'base64').toString('utf8');
}

/**
 * The verification keys in JWT_PUBLIC_KEY: one PEM, or several one after another (a bundle, as
 * during a key rotation), as text or base64; the development key when none is given.
 */
export function loadPublicKey(pem: string | undefined, devKeyDir?: string): PublicKeys {
  const text = pemFrom(pem ?? devKeyPair(devKeyDir).publicPem);
  const blocks = text.match(/-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g);
  // Anything else (one key in another PEM type) is createPublicKey's to accept or refuse.
  return (blocks ?? [text]).map((block) => createPublicKey(block));
}

export function loadPrivateKey(pem: string | undefined, devKeyDir?: string): KeyObject {
  return createPrivateKey(pemFrom(pem ?? devKeyPair(devKeyDir).privatePem));
}
