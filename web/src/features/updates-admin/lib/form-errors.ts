import { errorField, errorMessage } from '@/lib/api-client';

export type UpdateField = 'title' | 'content' | 'publishDate';
export type FieldErrors = Partial<Record<UpdateField, string>>;

export const TITLE_MAX = 200;

const FIELDS: readonly string[] = ['title', 'content', 'publishDate'];

/** A refusal as the form shows it: under the field it names, else above the buttons. */
export function placeError(error: unknown): { fields: FieldErrors; form: string | null } {
  const message = errorMessage(error, 'The update could not be saved. Please try again.');
  const field = errorField(error);
  return field && FIELDS.includes(field)
    ? { fields: { [field]: message }, form: null }
    : { fields: {}, form: message };
}

/** The editor's own checks of the server's rules (docs/api.md 'Fields'), before sending. */
export function checkDraft({ title, content }: { title: string; content: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!title.trim()) errors.title = 'Give the update a title.';
  else if (title.trim().length > TITLE_MAX)
    errors.title = `The title may be at most ${TITLE_MAX} characters.`;
  if (!content) errors.content = 'Write the text of the update.';
  return errors;
}
