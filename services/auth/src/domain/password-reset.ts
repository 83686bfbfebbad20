import { createHash, randomBytes } from 'node:crypto';
import { AppError, clientAddress, type Logger } from '@ballmatch/platform';
import type { Mailer } from '../mailer';
import type { PasswordResetStore } from '../store/password-resets';
import type { UserRow } from '../store/users';
import { hashPassword } from './passwords';
import { checkPassword, normalizeEmail, refuseControlCharacters } from './rules';

/**
 * 'Forgot password?' (docs/product.md 'Accounts'): a link mailed to the account's address that
 * sets a new password once, within the hour, and signs the account out everywhere.
 *
 * - Asking answers the same whether or not an account has the address: the mail goes out after
 *   the answer, and the limits count the address asked for, not the account.
 * - Asking is limited per client address (an IPv4 address or IPv6 /64) and per email address,
 *   each in an hour from its first request: nobody fills a player's inbox, nor mails everybody.
 * - Only the SHA-256 of a link's token is stored; the token itself is only in the mail.
 */
export const RESET_LINK_LIFE_MS = 60 * 60 * 1000;
export const RESET_LIMIT_WINDOW_SECONDS = 60 * 60;
export const RESET_REQUESTS_PER_EMAIL = 3;
export const RESET_REQUESTS_PER_ADDRESS = 10;

export const RESET_NOT_AVAILABLE = 'Password reset is not available';
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Ask for a new one.';

export interface ResetLimits {
  /** Takes one request of each; 0 when both allow it, else the seconds to wait. */
  take(address: string, email: string): Promise<number>;
}

export interface PasswordResetDeps {
  findByEmail(email: string): Promise<UserRow | undefined>;
  resets: PasswordResetStore;
  limits: ResetLimits;
  /** Undefined when no mail server is configured: the feature is not available. */
  mailer: Mailer | undefined;
  /** The site's address: links are `<origin>/reset-password?token=…`. */
  origin: string;
  /** As accounts' (platform's signOutEverywhere): answers the mark in force. */
  signOutEverywhere(userId: string): Promise<number>;
  /** The service's clock (a link's hour). */
  now(): Date;
  logger: Logger;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function resetMail(username: string, link: string) {
  return {
    subject: 'Reset your BallMatch password',
    text: [
      `Hi ${username},`,
      '',
      'Someone asked to reset the password of your BallMatch account. To choose a new one,',
      'open this link within the hour (it works once):',
      '',
      link,
      '',
      "If it wasn't you, ignore this email: your password stays as it is.",
    ].join('\n'),
  };
}

export function createPasswordReset(deps: PasswordResetDeps) {
  const origin = deps.origin.split(',')[0]!.trim().replace(/\/+$/, '');

  return {
    async requestReset(input: { email: string; clientIp: string }): Promise<void> {
      if (!input.email || !input.email.trim()) {
        throw new AppError('INVALID_ARGUMENT', 'Email is required', { field: 'email' });
      }
      refuseControlCharacters(input.email, 'email', 'Email');
      const email = normalizeEmail(input.email);
      // Bad input is refused as such first; a good request finds the feature off.
      const { mailer } = deps;
      if (!mailer) throw new AppError('UNAVAILABLE', RESET_NOT_AVAILABLE);
      const wait = await deps.limits.take(clientAddress(input.clientIp), email);
      if (wait > 0) {
        throw new AppError(
          'RESOURCE_EXHAUSTED',
          `Too many attempts. Try again in ${wait} seconds.`,
          {
            retryAfterSeconds: wait,
          },
        );
      }
      const user = await deps.findByEmail(email);
      if (!user || user.type !== 'user' || !user.email) return;
      const token = randomBytes(32).toString('base64url');
      const createdAt = deps.now();
      await deps.resets.insert({
        tokenHash: hashToken(token),
        userId: user.id,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + RESET_LINK_LIFE_MS),
      });
      const link = `${origin}/reset-password?token=${token}`;
      // After the answer: how long the mail server takes must not tell who has an account.
      mailer.send({ to: user.email, ...resetMail(user.username, link) }).then(
        () => deps.logger.info({ userId: user.id }, 'password reset link mailed'),
        (error: unknown) =>
          deps.logger.error({ err: error, userId: user.id }, 'password reset mail failed'),
      );
    },

    async resetPassword(input: { token: string; newPassword: string }): Promise<void> {
      const tokenHash = hashToken(input.token ?? '');
      const invalid = () =>
        new AppError('INVALID_ARGUMENT', RESET_LINK_INVALID, { field: 'token' });
      if (!input.token || !(await deps.resets.usable(tokenHash, deps.now()))) throw invalid();
      checkPassword(input.newPassword ?? '', 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      // Every session of the account ends: the mark is written inside the transaction (if
      // Redis cannot take it, nothing changes) and again once committed, as a password change.
      const userId = await deps.resets.use(tokenHash, deps.now(), passwordHash, (id) =>
        deps.signOutEverywhere(id),
      );
      if (!userId) throw invalid();
      await deps.signOutEverywhere(userId).catch(() => {
        // The mark written in the transaction already voids every earlier token.
      });
    },
  };
}

export type PasswordReset = ReturnType<typeof createPasswordReset>;
