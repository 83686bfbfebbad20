import { Router } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { requiredText } from '../validation';
import { authRateLimit } from './auth';

/** What asking for a link answers, whether or not an account has the address. */
export const RESET_LINK_SENT =
  'If an account has that email, a link to reset its password is on its way. It works once, within the hour.';
export const PASSWORD_RESET_DONE = 'Password reset. Sign in with your new password.';

const forgotBody = z.object({ email: requiredText('email', 320) });
const resetBody = z.object({
  token: requiredText('token', 200),
  newPassword: requiredText('newPassword'),
});

/**
 * 'Forgot password?' (docs/api.md 'Password reset'): thin relays to auth, which mails the link,
 * keeps the limits and signs the account out everywhere. Both sit behind sign-in's per-IP limit.
 */
export function passwordResetRoutes(deps: GatewayDeps): Router {
  const { auth } = deps;
  const router = Router();
  const authLimit = authRateLimit(deps);

  router.post('/forgot-password', authLimit, async (req, res) => {
    await auth.requestPasswordReset(parseBody(forgotBody, req.body));
    res.json({ message: RESET_LINK_SENT });
  });

  router.post('/reset-password', authLimit, async (req, res) => {
    await auth.resetPassword(parseBody(resetBody, req.body));
    res.json({ message: PASSWORD_RESET_DONE });
  });

  return router;
}
