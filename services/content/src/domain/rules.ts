import { AppError, isUuid } from '@ballmatch/platform';

/** Field rules of updates and feedback (docs/api.md 'Updates and feedback'). */
export const LIMITS = {
  titleMax: 200,
  contentMax: 100_000,
  nameMax: 100,
  emailMax: 254,
  messageMax: 5000,
  pageLimitDefault: 10,
  pageLimitMax: 50,
  /** How far ahead an update may be scheduled. */
  scheduleYearsMax: 5,
};

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

export interface PageArgs {
  page: number;
  limit: number;
}

/** 0 means the default; otherwise page >= 1 and 1 <= limit <= 50. */
export function pageArgs(page: number, limit: number): PageArgs {
  const p = page === 0 ? 1 : page;
  const l = limit === 0 ? LIMITS.pageLimitDefault : limit;
  if (!Number.isInteger(p) || p < 1) {
    throw invalid('page', 'page must be a whole number of at least 1');
  }
  if (!Number.isInteger(l) || l < 1 || l > LIMITS.pageLimitMax) {
    throw invalid('limit', `limit must be a whole number from 1 to ${LIMITS.pageLimitMax}`);
  }
  return { page: p, limit: l };
}

export interface Pagination {
  currentPage: number;
  totalPages: number;
  total: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

export function paginationOf({ page, limit }: PageArgs, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    total,
    hasNextPage: page < totalPages,
    hasPrevPage: page > 1,
  };
}
