/** A row as PostgreSQL answers it, before it is read into a record. */
export type Raw = Record<string, unknown>;

/** A timestamp column read as a Date (null stays null). */
export const date = (value: unknown) => (value === null ? null : new Date(value as string | Date));
