const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id as PostgreSQL's uuid type stores it (any version, either case). Ids from outside are
 * checked with this before they reach a query, where a malformed one would be a database error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
