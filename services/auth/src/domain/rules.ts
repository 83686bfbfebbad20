import { AppError, isEmailAddress, isProtectedName } from '@ballmatch/platform';

/**
 * Account rules (our choice, after OWASP ASVS 5 §6.2): passwords 8–128 characters,
 * any characters, no composition rules, the commonest passwords refused; usernames short and
 * plain so they read well on leaderboards.
 */
export const USERNAME_RULE = 'Username must be 3-20 characters: letters, digits, _ or -';
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const WALLET_RULE = 'EVM wallet must be 0x followed by 40 hexadecimal digits';

const COMMON_PASSWORDS = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  '11111111',
  '00000000',
  'abc12345',
  'letmein1',
  'welcome1',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'passw0rd',
  'trustno1',
  'ballmatch',
]);

const invalid = (field: string, message: string) =>
  new AppError('INVALID_ARGUMENT', message, { field });

/**
 * Names and addresses never hold control characters (Unicode Cc: C0, DEL, C1). NUL among them
 * cannot even be stored (PostgreSQL text refuses it), so it is refused here, before any query.
 */
export function refuseControlCharacters(value: string, field: string, label: string): void {
  if (/\p{Cc}/u.test(value)) throw invalid(field, `${label} must not contain control characters`);
}

export function normalizeUsername(raw: string): string {
  const username = raw.trim();
  if (!/^[A-Za-z0-9_-]{3,20}$/.test(username)) throw invalid('username', USERNAME_RULE);
  // Staff and site names and their look-alikes (platform's PROTECTED_NAMES).
  if (isProtectedName(username)) throw invalid('username', 'That username is reserved');
  return username;
}

export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!isEmailAddress(email)) {
    throw invalid('email', 'Enter a valid email address');
  }
  return email;
}

export function checkPassword(password: string, field = 'password'): void {
  if (password.length < PASSWORD_MIN) {
    throw invalid(field, `Password must be at least ${PASSWORD_MIN} characters`);
  }
  if (password.length > PASSWORD_MAX) {
    throw invalid(field, `Password must be at most ${PASSWORD_MAX} characters`);
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    throw invalid(field, 'That password is too common; choose another');
  }
}

/** '' means no wallet; anything else must be an EVM address. */
export function normalizeWallet(raw: string): string | null {
  const wallet = raw.trim();
  if (wallet === '') return null;
  if (!/^0x[0-9a-fA-F]{40}$/.test(wallet)) throw invalid('evmWallet', WALLET_RULE);
  return wallet;
}
