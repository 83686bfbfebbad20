import { z } from 'zod';
import { AppError } from './errors';

/**
 * Parses a JSON body (an HTTP request's, or a socket message's) with its schema; the first
 * problem becomes INVALID_ARGUMENT (400) with its field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new AppError('INVALID_ARGUMENT', 'Request body must be a JSON object');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length ? String(issue.path[0]) : undefined;
    throw new AppError('INVALID_ARGUMENT', issue.message, { field });
  }
  return result.data;
}

/** Checks one value with its schema; the first problem becomes INVALID_ARGUMENT naming `field`. */
export function parseField<S extends z.ZodType>(
  schema: S,
  value: unknown,
  field: string,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('INVALID_ARGUMENT', result.error.issues[0]!.message, { field });
  }
  return result.data;
}

/** Schemas by a key that names what they check (kind, bounds, message). */
const schemas = new Map<string, z.ZodType>();

/**
 * The schema `key` names, built once: building a zod schema costs far more than a parse, and
 * a schema made from its arguments (a field's name, its bounds) is asked for on hot paths.
 */
export function schemaOnce<S extends z.ZodType>(key: string, build: () => S): S {
  let schema = schemas.get(key) as S | undefined;
  if (!schema) schemas.set(key, (schema = build()));
  return schema;
}

/** A whole number from `min` to `max`; one message for anything else (a fraction, NaN, out of range). */
export function wholeNumberIn(message: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return schemaOnce(`int ${min} ${max} ${message}`, () =>
    numberIn(message, min, max).int({ error: message }),
  );
}

/** A finite number from `min` to `max`; one message for anything else. */
export function numberIn(message: string, min: number, max: number) {
  return schemaOnce(`number ${min} ${max} ${message}`, () =>
    z.number({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );
}
