import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import path from 'node:path';
import type { Metadata } from '@grpc/grpc-js';
import { decodeJwt, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { defaultDevKeyDir, readOrCreateOnce } from '../dev-secrets';
import { AppError } from '../errors';
import { loadPublicKey, pemFrom, type PublicKeys } from '../jwt';

/**
 * Which service is calling. A service that calls another signs a short-lived token with its
 * own Ed25519 key (`sub` its name, `aud` the callee), carried in the `x-service-authorization`
 * call metadata; the callee holds its callers' public keys. Apart from the player's session
 * token (`authorization`): a call made for a player carries both.
 */
export type ServiceName = 'gateway' | 'auth' | 'sessions' | 'scores' | 'ads' | 'content';

export const SERVICE_AUTHORIZATION_HEADER = 'x-service-authorization';
/** The browser's address as the gateway saw it; believed only from the gateway's identity. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';
/** The edge: the only service whose word on the client's address is taken. */
export const EDGE_SERVICE: ServiceName = 'gateway';

const ISSUER = 'ballmatch-service';
/** A token lives 2 minutes and is reused for the first one: a stolen one is soon worth nothing. */
const TOKEN_TTL_SECONDS = 120;
const TOKEN_REUSE_MS = 60_000;
/** Clocks of two pods may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** A calling service's side: its name and a token for each callee, signed with its key. */
export interface ServiceCredential {
  name: ServiceName;
  /** `Bearer <token>` for calls to `audience` (the callee's name). */
  authorizationFor(audience: string): Promise<string>;
}

/**
 * Signs this service's tokens, one per callee, each reused while it has more than a minute to
 * live. `now` is the machine's clock (ms): tokens are checked by another process's clock, so a
 * service's simulated clock in tests must not sign them.
 */
export function createServiceCredential(options: {
  name: ServiceName;
  privateKey: KeyObject;
  now?: () => number;
}): ServiceCredential {
  const now = options.now ?? Date.now;
  const signed = new Map<string, { value: Promise<string>; signedAt: number }>();
  return {
    name: options.name,
    authorizationFor(audience) {
      const at = now();
      const held = signed.get(audience);
      if (held && at - held.signedAt < TOKEN_REUSE_MS) return held.value;
      const issuedAt = Math.floor(at / 1000);
      const value = new SignJWT({})
        .setProtectedHeader({ alg: 'EdDSA', typ: 'service+jwt' })
        .setIssuer(ISSUER)
        .setSubject(options.name)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + TOKEN_TTL_SECONDS)
        .sign(options.privateKey)
        .then((token) => `Bearer ${token}`);
      signed.set(audience, { value, signedAt: at });
      return value;
    },
  };
}

/**
 * The callee's side: the verified name of the calling service, or null when the call carries
 * no service token, or one from a service this callee does not know (it then stands on the
 * player's credential alone). A token of a known service that does not verify (its keys,
 * `aud` this service, not expired) is UNAUTHENTICATED, never downgraded.
 */
export type IdentifyService = (metadata: Metadata) => Promise<ServiceName | null>;

export function createServiceAuthenticator(options: {
  /** This service's name: tokens must be addressed to it. */
  audience: ServiceName;
  /** The public keys of each service it takes calls from (several while one is rotated). */
  callers: Partial<Record<ServiceName, PublicKeys>>;
  now?: () => number;
}): IdentifyService {
  const now = options.now ?? Date.now;
  // A caller reuses its token for a minute: one signature check per token, not per call (an
  // Ed25519 verification was a tenth of a busy service's time). Kept until it would no
  // longer verify, on the same clock.
  const verified = new LRUCache<string, { name: ServiceName; validUntil: number }>({ max: 256 });
  return async (metadata) => {
    const values = metadata.get(SERVICE_AUTHORIZATION_HEADER);
    if (values.length === 0) return null;
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(String(values[0]));
    if (values.length > 1 || !match) throw notAuthenticated();
    const token = match[1]!;
    const known = verified.get(token);
    if (known) {
      if (now() <= known.validUntil) return known.name;
      verified.delete(token);
    }
    let claimed: string | undefined;
    try {
      claimed = decodeJwt(token).sub;
    } catch {
      throw notAuthenticated();
    }
    const keys = claimed ? options.callers[claimed as ServiceName] : undefined;
    if (!keys) return null;
    for (const key of keys) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['EdDSA'],
          issuer: ISSUER,
          subject: claimed,
          audience: options.audience,
          currentDate: new Date(now()),
          maxTokenAge: TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
        });
        const name = claimed as ServiceName;
        const lastSecond =
          Math.min(payload.exp!, payload.iat! + TOKEN_TTL_SECONDS) + CLOCK_TOLERANCE_SECONDS;
        verified.set(token, { name, validUntil: lastSecond * 1000 });
        return name;
      } catch {
        // the next key, while one is rotated
      }
    }
    throw notAuthenticated();
  };
}

const notAuthenticated = () => new AppError('UNAUTHENTICATED', 'Service not authenticated');

/** The variable holding the public key(s) of `caller`: GATEWAY_SERVICE_PUBLIC_KEY, … */
export type CallerKeyVariable<N extends ServiceName> = `${Uppercase<N>}_SERVICE_PUBLIC_KEY`;
export const callerKeyVariable = <N extends ServiceName>(caller: N) =>
  `${caller.toUpperCase()}_SERVICE_PUBLIC_KEY` as CallerKeyVariable<N>;

/** This process's own service key, for a process that calls a service by its identity. */
export const servicePrivateKeyEnv = {
  /** PEM (or base64 of PEM) of this service's Ed25519 private key (docs/operations.md). */
  SERVICE_PRIVATE_KEY: z.string().optional(),
};

/** The public keys of the services a process takes calls from: one variable each. */
export function callerKeysEnv<const N extends ServiceName>(callers: readonly N[]) {
  return Object.fromEntries(
    callers.map((caller) => [callerKeyVariable(caller), z.string().optional()]),
  ) as { [K in N as CallerKeyVariable<K>]: z.ZodOptional<z.ZodString> };
}

/** The names of those variables, for a config's secrets (production refuses missing ones). */
export const callerKeyVariables = <N extends ServiceName>(callers: readonly N[]) =>
  callers.map(callerKeyVariable);

/**
 * Development service keys: one Ed25519 pair per service, made once under `dir` (.data/keys
 * by default) and shared by every local process, as the session key is (jwt.ts's devKeyPair).
 */
export function devServicePrivatePem(name: ServiceName, dir = defaultDevKeyDir): string {
  return readOrCreateOnce(path.join(dir, `service-${name}-ed25519-private.pem`), () =>
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
}

/** SERVICE_PRIVATE_KEY, or in development `name`'s key under the development key folder. */
export function loadServicePrivateKey(
  name: ServiceName,
  pem: string | undefined,
  devKeyDir?: string,
): KeyObject {
  return createPrivateKey(pemFrom(pem ?? devServicePrivatePem(name, devKeyDir)));
}

/** A caller's public keys (one PEM or a bundle, text or base64), or its development key's. */
export function loadServicePublicKeys(
  name: ServiceName,
  pem: string | undefined,
  devKeyDir?: string,
): PublicKeys {
  if (pem) return loadPublicKey(pem);
  return [createPublicKey(devServicePrivatePem(name, devKeyDir))];
}

/**
 * A process's service identity from its config: its credential (when it has a name to sign
 * as) and the authenticator of the callers it lists, each caller's keys read from its
 * variable (callerKeysEnv) or, in development, made under JWT_DEV_KEY_DIR.
 */
export function serviceIdentityFromConfig<N extends ServiceName>(
  config: Partial<Record<string, unknown>> & { JWT_DEV_KEY_DIR?: string },
  options: { name: ServiceName; signs: boolean; callers: readonly N[]; now?: () => number },
): { credential?: ServiceCredential; identify: IdentifyService } {
  const text = (key: string) => {
    const value = config[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const devDir = config.JWT_DEV_KEY_DIR;
  const callers = Object.fromEntries(
    options.callers.map((caller) => [
      caller,
      loadServicePublicKeys(caller, text(callerKeyVariable(caller)), devDir),
    ]),
  );
  return {
    credential: options.signs
      ? createServiceCredential({
          name: options.name,
          privateKey: loadServicePrivateKey(options.name, text('SERVICE_PRIVATE_KEY'), devDir),
          now: options.now,
        })
      : undefined,
    identify: createServiceAuthenticator({ audience: options.name, callers, now: options.now }),
  };
}
