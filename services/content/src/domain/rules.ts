import { AppError, isUuid, type LimitRule } from '@ballmatch/platform';

/** Field rules of updates and feedback (docs/api.md 'Updates and feedback'). */
export const LIMITS = {
  titleMax: 200,
  contentMax: 100_000,
  nameMax: 100,
  emailMax: 254,
  messageMax: 5000,
  /** How far ahead an update may be scheduled. */
  scheduleYearsMax: 5,
};

/** `limit` of the updates' and feedback's lists (docs/api.md 'Paging and limits'). */
export const PAGE_LIMIT: LimitRule = { default: 10, max: 50 };

export const invalid = (field: string, message: string) =>
  new AppError('INVALID_ARGUMENT', message, { field });

/**
 * Trimmed text of 1 to `max` characters (code points). Control characters are refused
 * (newlines and tabs too, unless `multiline`): NUL could not even be stored.
 */
export function plainText(
  raw: string,
  field: string,
  max: number,
  { multiline = false } = {},
): string {
  const value = raw.trim();
  if (value === '') throw invalid(field, `${field} is required`);
  if (Array.from(value).length > max) {
    throw invalid(field, `${field} may be at most ${max} characters`);
  }
  const control = multiline ? /[^\P{Cc}\n\r\t]/u : /\p{Cc}/u;
  if (control.test(value)) throw invalid(field, `${field} must not contain control characters`);
  return value;
}

/** An id from outside: a UUID, or NOT_FOUND as any unknown id (never a database error). */
export function knownId(id: string, what: string): string {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', `${what} not found`);
  return id.toLowerCase();
}
