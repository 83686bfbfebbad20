import { type AsyncService, type Redis, revokeToken } from '@ballmatch/platform';
import { authV1 } from '@ballmatch/proto';
import type { Accounts, Session } from '../domain/accounts';
import type { UserRow } from '../store/users';

/** Proto ↔ domain. No rules here: they live in domain/. */
export function toProtoUser(user: UserRow): authV1.User {
  return {
    id: user.id,
    username: user.username,
    email: user.email ?? '',
    type: user.type === 'admin' ? authV1.UserType.USER_TYPE_ADMIN : authV1.UserType.USER_TYPE_USER,
    evmWallet: user.evm_wallet ?? '',
    createdAt: user.created_at.toISOString(),
  };
}

function toAuthResult(session: Session): authV1.AuthResult {
  return { user: toProtoUser(session.user), token: session.token, expiresAt: session.expiresAt };
}

export function authHandlers(
  accounts: Accounts,
  redis: Redis,
): AsyncService<authV1.AuthServiceServer> {
  return {
    register: async (req) => toAuthResult(await accounts.register(req)),
    login: async (req) => toAuthResult(await accounts.login(req)),
    adminLogin: async (req) => toAuthResult(await accounts.adminLogin(req)),
    getUser: async (req) => toProtoUser(await accounts.getUser(req.userId)),
    updateProfile: async (req) => {
      const user = await accounts.updateProfile(req.userId, req);
      return { user: toProtoUser(user), token: '', expiresAt: 0 };
    },
    logout: async (req) => {
      await revokeToken(redis, req.tokenId, req.expiresAt);
      return {};
    },
  };
}
