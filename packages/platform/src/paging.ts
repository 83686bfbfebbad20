import type { Knex } from 'knex';
import { parseField, wholeNumberIn } from './parse-body';

/**
 * Paging, one way for every service (docs/api.md 'Paging and limits'). A proto integer left
 * unset is 0, so 0 asks for the default; anything else outside the bounds is refused, never
 * clamped: INVALID_ARGUMENT `limit must be a whole number from 1 to 100` naming the field.
 */
export interface LimitRule {
  /** What 0 (not given) means. */
  default: number;
  /** The most one read answers. */
  max: number;
}

/** Rows skipped and rows answered: what a store reads. */
export interface PageWindow {
  offset: number;
  limit: number;
}

/** A numbered page (1 first) of `limit` rows, and the window it is. */
export interface Page extends PageWindow {
  page: number;
}

/** A page answer's figures: the shape of every paged list's `pagination`. */
export interface Pagination {
  currentPage: number;
  totalPages: number;
  total: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

/** `limit` (or another count, e.g. `radius`): 0 is the rule's default; otherwise 1..max. */
export function limitOf(raw: number, rule: LimitRule, field = 'limit'): number {
  if (raw === 0) return rule.default;
  return parseField(
    wholeNumberIn(`${field} must be a whole number from 1 to ${rule.max}`, 1, rule.max),
    raw,
    field,
  );
}

/** `offset`: rows skipped, at least 0. */
export function offsetOf(raw: number): number {
  return parseField(wholeNumberIn('offset must be a whole number of at least 0', 0), raw, 'offset');
}

/** `page` (0 is the first) and `limit` under `rule`, with the window they are. */
export function pageOf(input: { page: number; limit: number }, rule: LimitRule): Page {
  const page =
    input.page === 0
      ? 1
      : parseField(
          wholeNumberIn('page must be a whole number of at least 1', 1),
          input.page,
          'page',
        );
  const limit = limitOf(input.limit, rule);
  return { page, limit, offset: (page - 1) * limit };
}

/** The figures of `at` in a list of `total` rows; a page past the last has no next page. */
export function paginationOf(at: { page: number; limit: number }, total: number): Pagination {
  const totalPages = Math.ceil(total / at.limit);
  return {
    currentPage: at.page,
    totalPages,
    total,
    hasNextPage: at.page < totalPages,
    hasPrevPage: at.page > 1,
  };
}

/** A paged list's answer: `{data, pagination}`. */
export function pageAnswer<T>(at: Page, total: number, data: T[]) {
  return { data, pagination: paginationOf(at, total) };
}

/**
 * One window of a query's rows and the count of all of them. `query` builds the filtered
 * query afresh (it is used twice); `rows` selects and orders it, an order that ends with a
 * unique column so that pages never overlap.
 */
export async function selectPage<Row>(
  query: () => Knex.QueryBuilder,
  at: PageWindow,
  rows: (q: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<{ rows: Row[]; total: number }> {
  const [found, counted] = await Promise.all([
    rows(query()).offset(at.offset).limit(at.limit) as Promise<Row[]>,
    query().count({ total: '*' }) as Promise<{ total: string | number }[]>,
  ]);
  return { rows: found, total: Number(counted[0]?.total ?? 0) };
}
