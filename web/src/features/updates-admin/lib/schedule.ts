// The publish date an admin picks in an <input type="datetime-local"> (local wall time).
import { fromLocalInput } from '@/utils/datetime-local';

/** The server takes dates up to 5 years ahead (docs/api.md 'Fields'). */
const MAX_AHEAD_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/** The date checked before sending: an ISO instant ahead of now, or what is wrong with it. */
export function checkPublishDate(
  value: string,
  now = Date.now(),
): { publishDate: string } | { problem: string } {
  if (!value) return { problem: 'Choose the date and time to publish at.' };
  const publishDate = fromLocalInput(value);
  if (!publishDate) return { problem: 'That is not a valid date and time.' };
  const at = Date.parse(publishDate);
  if (at <= now) return { problem: 'Choose a time in the future, or publish now.' };
  if (at > now + MAX_AHEAD_MS) return { problem: 'Choose a time at most 5 years ahead.' };
  return { publishDate };
}
