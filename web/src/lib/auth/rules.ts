// Account rules, shown next to the fields and checked by the browser before sending. The auth
// service enforces the same rules (these follow OWASP ASVS for passwords).
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
/** HTML pattern attribute (anchored by the browser); '-' escaped so the v flag accepts it. */
export const USERNAME_PATTERN = '[A-Za-z0-9_\\-]{3,20}';
export const USERNAME_RULE = "3–20 characters: letters, digits, '_' and '-'.";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_RULE = 'At least 8 characters (up to 128).';

export const WALLET_PATTERN = '0x[0-9a-fA-F]{40}';
export const WALLET_RULE = "Optional. '0x' followed by 40 hex digits.";
