import {
  AppError,
  type AsyncServiceOf,
  type Redis,
  requireClientAddress,
  requireUser,
  revokeToken,
} from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { Accounts, Session } from '../domain/accounts';
import type { AccountDeletion } from '../domain/deletion';
import type { Names } from '../domain/names';
import type { PasswordReset } from '../domain/password-reset';
import type { UserRow } from '../store/users';

/** Proto ↔ domain. No rules here: they live in domain/. */
export function toProtoUser(user: UserRow): authV1.User {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? '',
    type: user.type === 'admin' ? authV1.UserType.USER_TYPE_ADMIN : authV1.UserType.USER_TYPE_USER,
    evmWallet: user.evmWallet ?? '',
    createdAt: user.createdAt.toISOString(),
  };
}

/** What a sign-in or profile change answers: the user and the token for the cookie. */
function toSignedIn(session: Session) {
  return { user: toProtoUser(session.user), token: session.token, expiresAt: session.expiresAt };
}

export function createAuthHandlers(
  accounts: Accounts,
  reset: PasswordReset,
): AsyncServiceOf<typeof authV1.AuthServiceService> {
  return {
    register: async (req) => toSignedIn(await accounts.register(req)),
    // The throttle counts by the address the gateway saw (only its identity reaches here).
    login: async (req, ctx) =>
      toSignedIn(await accounts.login({ ...req, clientIp: requireClientAddress(ctx) })),
    adminLogin: async (req, ctx) =>
      toSignedIn(await accounts.adminLogin({ ...req, clientIp: requireClientAddress(ctx) })),
    // Reset links are limited per address too.
    requestPasswordReset: async (req, ctx) => {
      await reset.requestReset({ email: req.email, clientIp: requireClientAddress(ctx) });
      return {};
    },
    resetPassword: async (req) => {
      await reset.resetPassword(req);
      return {};
    },
  };
}

/** The caller's own account: the server lets only signed-in callers through. */
export function createAccountHandlers(
  accounts: Accounts,
  deletion: AccountDeletion,
  redis: Redis,
): AsyncServiceOf<typeof authV1.AccountServiceService> {
  return {
    getCurrentUser: async (_req, ctx) => ({
      user: toProtoUser(await accounts.getUser(requireUser(ctx).id)),
    }),
    updateProfile: async (req, ctx) => {
      const { user, renewed } = await accounts.updateProfile(requireUser(ctx).id, req);
      // After a password change: the caller's fresh token (every older one is void).
      return {
        user: toProtoUser(user),
        token: renewed?.token ?? '',
        expiresAt: renewed?.expiresAt ?? 0,
      };
    },
    logout: async (_req, ctx) => {
      const caller = requireUser(ctx);
      await revokeToken(redis, caller.tokenId, caller.expiresAt);
      return {};
    },
    deleteAccount: async (req, ctx) => {
      await deletion.deleteAccount(requireUser(ctx).id, req);
      return {};
    },
  };
}

/** Account names: the server lets only scores ask (it answers account ids). */
export function createNameHandlers(names: Names): AsyncServiceOf<typeof authV1.NameServiceService> {
  return {
    // Nobody asks any more (scores keeps its own copy of the names: ListNames once, then
    // user.named); the contract keeps the method, which answers so.
    resolveName: async () => {
      throw new AppError('UNIMPLEMENTED', 'ResolveName is no longer served; see ListNames');
    },
    listNames: async (req) => ({
      accounts: (await names.list(req.afterUserId, req.limit)).map((a) => ({
        userId: a.userId,
        username: a.username,
        nameVersion: a.nameVersion,
        registeredAt: a.registeredAt.toISOString(),
      })),
    }),
  };
}
