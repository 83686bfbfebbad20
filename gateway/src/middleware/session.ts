import type { CookieOptions, Request, RequestHandler, Response } from 'express';
import {
  AppError,
  bearer,
  callerFromToken,
  currentRequestContext,
  isSessionRevoked,
  SESSION_COOKIE,
  verifySessionToken,
} from '@ballmatch/platform';
import type { GatewayDeps } from '../context';

/**
 * Reads the session cookie: verifies the signature with auth's public key and checks the
 * logout deny-list and the account's sign-out mark (a password change) in one Redis round
 * trip. A bad or revoked token is dropped (and its cookie cleared), never an error: the
 * request simply has no session. A valid one rides along in the metadata of every gRPC
 * call the request makes, and each service verifies it again.
 */
export function readSession({ publicKey, redis, cookies }: GatewayDeps): RequestHandler {
  return async (req, res, next) => {
    const token: unknown = req.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string' || token === '') return next();
    try {
      const claims = await verifySessionToken(publicKey, token);
      let revoked: boolean;
      try {
        revoked = await isSessionRevoked(redis, claims);
      } catch {
        // Without the deny-list a logged-out token could pass: refuse rather than guess.
        return next(
          new AppError('UNAVAILABLE', 'Session store unavailable. Please try again shortly.'),
        );
      }
      if (revoked) cookies.clear(req, res);
      else {
        req.session = { ...claims, token };
        // Every service call made for this request carries the caller's token.
        const context = currentRequestContext();
        if (context) context.authorization = bearer(token);
      }
    } catch {
      cookies.clear(req, res);
    }
    next();
  };
}

/** Whether a token opens its session now: verified and not signed out (false if unsure). */
export function sessionOpen(
  deps: Pick<GatewayDeps, 'publicKey' | 'redis'>,
  token: string,
): Promise<boolean> {
  return callerFromToken(deps, token).then(
    () => true,
    () => false,
  );
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.session ? undefined : new AppError('UNAUTHENTICATED', 'Not authenticated'));
};

/** Role checked on the server for every admin-only call, whatever the browser shows. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.session) return next(new AppError('UNAUTHENTICATED', 'Not authenticated'));
  if (req.session.role !== 'admin')
    return next(new AppError('PERMISSION_DENIED', 'Admin access required'));
  next();
};

export interface SessionCookies {
  set(req: Request, res: Response, token: string, expiresAt: number): void;
  clear(req: Request, res: Response): void;
}

/** httpOnly, SameSite=Lax; Secure when configured, or (auto) when the request came over https. */
export function createSessionCookies(secure: 'auto' | 'true' | 'false'): SessionCookies {
  const options = (req: Request): CookieOptions => ({
    httpOnly: true,
    sameSite: 'lax',
    secure: secure === 'true' || (secure === 'auto' && req.secure),
    path: '/',
  });
  return {
    set(req, res, token, expiresAt) {
      res.cookie(SESSION_COOKIE, token, {
        ...options(req),
        maxAge: Math.max(0, expiresAt * 1000 - Date.now()),
      });
    },
    clear(req, res) {
      res.clearCookie(SESSION_COOKIE, options(req));
    },
  };
}
