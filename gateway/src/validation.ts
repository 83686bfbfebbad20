import { z } from 'zod';
import { AppError } from '@ballmatch/platform';

/** A required string field with messages that name it: 'email is required', 'email must be text'. */
export function requiredText(field: string, max = 1000) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be text`,
    })
    .max(max, { error: `${field} is too long (at most ${max} characters)` });
}

export function optionalText(field: string, max = 1000) {
  return requiredText(field, max).optional();
}

/** Parses a JSON body; the first problem becomes a 400 with its field. */
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
