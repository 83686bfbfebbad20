import { AppError, isUuid } from '@ballmatch/platform';
import { uniqueViolation, type UserChanges, type UserRow, type UserStore } from '../store/users';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { checkPassword, normalizeEmail, normalizeUsername, normalizeWallet } from './rules';
import { assertNotThrottled, recordFailure, throttleKeys, type FailureCounter } from './throttle';

export interface Session {
  user: UserRow;
  token: string;
  expiresAt: number;
}

export interface AccountDeps {
  users: UserStore;
  failures: FailureCounter;
  signToken(user: UserRow): Promise<{ token: string; expiresAt: number }>;
}

const conflictMessage = { username: 'Username already taken', email: 'Email already registered' };

/** Runs a write, turning a unique-index violation into 409 on the right field. */
async function writeUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const field = uniqueViolation(error);
    if (field) throw new AppError('ALREADY_EXISTS', conflictMessage[field], { field });
    throw error;
  }
}

function required(value: string, field: string, label: string): string {
  if (!value || !value.trim()) {
    throw new AppError('INVALID_ARGUMENT', `${label} is required`, { field });
  }
  return value;
}

export function createAccounts(deps: AccountDeps) {
  const { users, failures } = deps;

  async function session(user: UserRow): Promise<Session> {
    return { user, ...(await deps.signToken(user)) };
  }

  /** Shared by both sign-ins: throttle, verify (equal timing for unknown names), count failures. */
  async function signIn(
    found: UserRow | undefined,
    accountName: string,
    password: string,
    clientIp: string,
    wrongMessage: string,
  ): Promise<Session> {
    const keys = throttleKeys(accountName, clientIp);
    await assertNotThrottled(failures, keys);
    const ok = await verifyPassword(password, found?.passwordHash ?? (await dummyHash()));
    if (!found || !ok) {
      await recordFailure(failures, keys);
      throw new AppError('UNAUTHENTICATED', wrongMessage);
    }
    await failures.clear(keys.account);
    return session(found);
  }

  return {
    async register(input: {
      username: string;
      email: string;
      password: string;
      evmWallet: string;
    }): Promise<Session> {
      const username = normalizeUsername(required(input.username, 'username', 'Username'));
      const email = normalizeEmail(required(input.email, 'email', 'Email'));
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
      const email = required(input.email, 'email', 'Email').trim().toLowerCase();
      required(input.password, 'password', 'Password');
      const found = await users.byEmail(email);
      return signIn(
        found?.type === 'user' ? found : undefined,
        email,
        input.password,
        input.clientIp,
        'Invalid email or password',
      );
    },

    async adminLogin(input: {
      username: string;
      password: string;
      clientIp: string;
    }): Promise<Session> {
      const username = required(input.username, 'username', 'Username').trim();
      required(input.password, 'password', 'Password');
      const found = await users.byUsername(username);
      return signIn(
        found?.type === 'admin' ? found : undefined,
        `admin:${username}`,
        input.password,
        input.clientIp,
        'Invalid username or password',
      );
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
    ): Promise<UserRow> {
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
        const ok = input.currentPassword
          ? await verifyPassword(input.currentPassword, user.passwordHash)
          : false;
        if (!ok) {
          throw new AppError(
            'INVALID_ARGUMENT',
            input.currentPassword
              ? 'Current password is incorrect'
              : 'Current password is required to change email or password',
            { field: 'currentPassword' },
          );
        }
      }
      if (Object.keys(changes).length === 0) return user;
      const updated = await writeUnique(() => users.update(userId, changes));
      if (!updated) throw new AppError('NOT_FOUND', 'User not found');
      return updated;
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
      await users.update(existing.id, { passwordHash: await hashPassword(input.password) });
      return 'updated';
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
