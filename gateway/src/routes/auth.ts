import { Router, type Request } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { rateLimit } from '../middleware/rate-limit';
import { requireAdmin, requireUser } from '../middleware/session';
import { optionalText, requiredText } from '../validation';

/** The JSON user of docs/api.md, 'Authentication': type and role both say 'admin' for admins. */
export function userJson(user: authV1.User | undefined) {
  if (!user) return null;
  const type = user.type === authV1.UserType.USER_TYPE_ADMIN ? 'admin' : 'user';
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    type,
    role: type,
    evmWallet: user.evmWallet || null,
    createdAt: user.createdAt,
  };
}

const loginBody = z.object({
  email: requiredText('email', 320),
  password: requiredText('password'),
});
const adminLoginBody = z.object({
  username: requiredText('username', 100).min(1, { error: 'Username is required' }),
  password: requiredText('password').min(1, { error: 'Password is required' }),
});
const registerBody = z.object({
  username: requiredText('username', 100),
  email: requiredText('email', 320),
  password: requiredText('password'),
  evmWallet: optionalText('evmWallet', 100).nullable(),
});
const profileBody = z.object({
  username: optionalText('username', 100),
  email: optionalText('email', 320),
  evmWallet: optionalText('evmWallet', 100).nullable(),
  currentPassword: optionalText('currentPassword'),
  newPassword: optionalText('newPassword'),
});

/** Sign-in's per-IP limit (RATE_LIMIT_AUTH_PER_MINUTE), for every call that checks a password. */
export function authRateLimit(deps: GatewayDeps) {
  return rateLimit({
    redis: deps.redis,
    logger: deps.logger,
    group: 'auth',
    perMinute: deps.config.RATE_LIMIT_AUTH_PER_MINUTE,
    now: deps.now,
  });
}

export function authRoutes(deps: GatewayDeps): Router {
  const { auth, account, cookies } = deps;
  const router = Router();
  const authLimit = authRateLimit(deps);

  router.get('/user', requireUser, async (req, res) => {
    try {
      res.json(userJson((await account.getCurrentUser({})).user));
    } catch (error) {
      // The account behind a valid token is gone: the session is over.
      if ((error as { code?: string }).code === 'NOT_FOUND') {
        cookies.clear(req, res);
        res.status(401).json({ message: 'Not authenticated' });
        return;
      }
      throw error;
    }
  });

  /** A sign-in (after the per-IP limit): its session cookie, answered with the user. */
  const signIn = (path: string, call: (req: Request) => Promise<authV1.LoginResponse>) =>
    router.post(path, authLimit, async (req, res) => {
      const result = await call(req);
      cookies.set(req, res, result.token, result.expiresAt);
      res.json(userJson(result.user));
    });

  signIn('/login', (req) => auth.login(parseBody(loginBody, req.body)));
  signIn('/register', (req) => {
    const body = parseBody(registerBody, req.body);
    return auth.register({ ...body, evmWallet: body.evmWallet ?? '' });
  });
  signIn('/admin/login', (req) => auth.adminLogin(parseBody(adminLoginBody, req.body)));

  router.patch('/user/profile', requireUser, async (req, res) => {
    const body = parseBody(profileBody, req.body);
    const result = await account.updateProfile({
      ...body,
      evmWallet: body.evmWallet === null ? '' : body.evmWallet,
    });
    // A password change signed the account out everywhere; this session goes on with the
    // fresh token auth issued after that.
    if (result.token) cookies.set(req, res, result.token, result.expiresAt);
    res.json(userJson(result.user));
  });

  router.post('/logout', async (req, res) => {
    if (req.session) await account.logout({});
    cookies.clear(req, res);
    res.json({ message: 'Logged out' });
  });

  router.get('/admin/check-auth', requireAdmin, async (_req, res) => {
    res.json({
      authenticated: true,
      user: userJson((await account.getCurrentUser({})).user),
    });
  });

  return router;
}
