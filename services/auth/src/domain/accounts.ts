import { AppError, isUuid } from '@ballmatch/platform';
import { uniqueViolation, type UserChanges, type UserRow, type UserStore } from '../store/users';
import { assertCurrentPassword, dummyHash, hashPassword, verifyPassword } from './passwords';
import {
  checkPassword,
  normalizeEmail,
  normalizeUsername,
  normalizeWallet,
  refuseControlCharacters,
} from './rules';
import {
  assertNotThrottled,
  recordFailure,
  recordSuccess,
  throttleKeys,
  type FailureCounter,
} from './throttle';

export interface Session {
  user: UserRow;
  token: string;
  expiresAt: number;
}

/**
 * A profile change. A password change signs the account out everywhere and answers a fresh
 * token for the caller's own session (the gateway sets it as the cookie).
 */
export interface ProfileUpdate {
  user: UserRow;
  renewed?: { token: string; expiresAt: number };
}

export interface AccountDeps {
  users: UserStore;
  failures: FailureCounter;
  /** `issuedAt` (ms) defaults to now. */
  signToken(user: UserRow, issuedAt?: number): Promise<{ token: string; expiresAt: number }>;
  /**
   * Voids every token of the account issued until now (platform's signOutEverywhere);
   * answers the mark in force (ms).
   */
  signOutEverywhere(userId: string): Promise<number>;
}

const conflictMessage = {
  username: 'Username already taken',
  usernameLookAlike: "Username looks too much like another player's; choose another",
  email: 'Email already registered',
};

/** Runs a write, turning a unique-index violation into 409 on the right field. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const conflict = uniqueViolation(error);
    if (conflict) {
      throw new AppError('ALREADY_EXISTS', conflictMessage[conflict], {
        field: conflict === 'email' ? 'email' : 'username',
      });
    }
    throw error;
  }
}

function required(value: string, field: string, label: string): string {
  if (!value || !value.trim()) {
    throw new AppError('INVALID_ARGUMENT', `${label} is required`, { field });
  }
  return value;
}

/** A name or address: required, and no control characters (NUL included) reach the store. */
function requiredName(value: string, field: string, label: string): string {
  refuseControlCharacters(required(value, field, label), field, label);
  return value;
}

export function createAccounts(deps: AccountDeps) {
  const { users, failures } = deps;

  async function session(user: UserRow, issuedAt?: number): Promise<Session> {
    return { user, ...(await deps.signToken(user, issuedAt)) };
  }

  /**
   * Shared by both sign-ins: throttle, verify (equal timing for unknown names), count failures.
   * The token counts as issued at `checkedAt`, taken before the account was read: a password
   * change committed after that read voids it, even if the signing came later.
   */
  async function signIn(
    type: UserRow['type'],
    find: () => Promise<UserRow | undefined>,
    accountName: string,
    input: { password: string; clientIp: string },
    wrongMessage: string,
  ): Promise<Session> {
    required(input.password, 'password', 'Password');
    const checkedAt = Date.now();
    const row = await find();
    const found = row?.type === type ? row : undefined;
    const keys = throttleKeys(accountName, input.clientIp);
    await assertNotThrottled(failures, keys);
    const ok = await verifyPassword(input.password, found?.passwordHash ?? (await dummyHash()));
    if (!found || !ok) {
      await recordFailure(failures, keys);
      throw new AppError('UNAUTHENTICATED', wrongMessage);
    }
    await recordSuccess(failures, keys);
    return session(found, checkedAt);
  }

  return {
    async register(input: {
      username: string;
      email: string;
      password: string;
      evmWallet: string;
    }): Promise<Session> {
      const username = normalizeUsername(requiredName(input.username, 'username', 'Username'));
      const email = normalizeEmail(requiredName(input.email, 'email', 'Email'));
      checkPassword(required(input.password, 'password', 'Password'));
      const evmWallet = normalizeWallet(input.evmWallet);
      const user = await writeUnique(async () =>
        users.insert({
          username,
          email,
          passwordHash: await hashPassword(input.password),
          type: 'user', // registration never makes an admin
          evmWallet,
        }),
      );
      return session(user);
    },

    async login(input: { email: string; password: string; clientIp: string }): Promise<Session> {
      const email = requiredName(input.email, 'email', 'Email').trim().toLowerCase();
      const find = () => users.byEmail(email);
      return signIn('user', find, email, input, 'Invalid email or password');
    },

    async adminLogin(input: {
      username: string;
      password: string;
      clientIp: string;
    }): Promise<Session> {
      const username = requiredName(input.username, 'username', 'Username').trim();
      const find = () => users.byUsername(username);
      return signIn('admin', find, `admin:${username}`, input, 'Invalid username or password');
    },

    async getUser(userId: string): Promise<UserRow> {
      const user = isUuid(userId) ? await users.byId(userId) : undefined;
      if (!user) throw new AppError('NOT_FOUND', 'User not found');
      return user;
    },

    async updateProfile(
      userId: string,
      input: {
        username?: string;
        email?: string;
        evmWallet?: string;
        currentPassword?: string;
        newPassword?: string;
      },
    ): Promise<ProfileUpdate> {
      if (input.username !== undefined)
        refuseControlCharacters(input.username, 'username', 'Username');
      if (input.email !== undefined) refuseControlCharacters(input.email, 'email', 'Email');
      const user = await this.getUser(userId);
      const changes: UserChanges = {};
      if (input.username !== undefined && input.username.trim() !== user.username) {
        changes.username = normalizeUsername(input.username);
      }
      if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
        changes.email = normalizeEmail(input.email);
      }
      if (input.evmWallet !== undefined) changes.evmWallet = normalizeWallet(input.evmWallet);
      if (input.newPassword !== undefined) {
        checkPassword(input.newPassword, 'newPassword');
        changes.passwordHash = await hashPassword(input.newPassword);
      }
      // Taking over an account needs more than a stolen cookie: email and password changes
      // ask for the current password.
      if (changes.email !== undefined || changes.passwordHash !== undefined) {
        await assertCurrentPassword(
          input.currentPassword,
          user.passwordHash,
          'Current password is required to change email or password',
        );
      }
      if (Object.keys(changes).length === 0) return { user };
      if (changes.passwordHash === undefined) {
        const updated = await writeUnique(() => users.update(userId, changes));
        if (!updated) throw new AppError('NOT_FOUND', 'User not found');
        return { user: updated };
      }
      // A new password ends every session of the account, this one included: the mark is
      // written inside the transaction (if Redis cannot take it, nothing changes), and again
      // once committed, so a sign-in that read the old password meanwhile is void too. The
      // caller carries on with a fresh token issued after the mark.
      let mark = 0;
      const signOut = async () => {
        mark = await deps.signOutEverywhere(userId);
      };
      const updated = await writeUnique(() => users.update(userId, changes, signOut));
      if (!updated) throw new AppError('NOT_FOUND', 'User not found');
      await signOut().catch(() => {
        // The mark written in the transaction already voids every earlier token.
      });
      const renewed = await deps.signToken(updated, Math.max(Date.now(), mark + 1));
      return { user: updated, renewed };
    },

    /**
     * Makes sure an admin with this username and password exists (from the command line or
     * ADMIN_USERNAME/ADMIN_PASSWORD at start). Never turns a player's account into an admin.
     */
    async ensureAdmin(input: {
      username: string;
      password: string;
    }): Promise<'created' | 'updated' | 'unchanged'> {
      const username = input.username.trim();
      if (!/^[A-Za-z0-9_-]{3,40}$/.test(username)) {
        throw new AppError(
          'INVALID_ARGUMENT',
          'Admin username must be 3-40 characters: letters, digits, _ or -',
          { field: 'username' },
        );
      }
      checkPassword(input.password);
      const existing = await users.byUsername(username);
      if (existing && existing.type !== 'admin') {
        throw new AppError(
          'ALREADY_EXISTS',
          `A player account named ${username} exists; choose another admin username`,
          { field: 'username' },
        );
      }
      if (!existing) {
        await writeUnique(async () =>
          users.insert({
            username,
            email: null,
            passwordHash: await hashPassword(input.password),
            type: 'admin',
            evmWallet: null,
          }),
        );
        return 'created';
      }
      if (await verifyPassword(input.password, existing.passwordHash)) return 'unchanged';
      // A password set from outside ends every session signed in with the old one.
      await users.update(existing.id, { passwordHash: await hashPassword(input.password) }, () =>
        deps.signOutEverywhere(existing.id),
      );
      return 'updated';
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
