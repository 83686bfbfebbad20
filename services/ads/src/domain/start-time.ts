import { AppError } from '@ballmatch/platform';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
/** How far ahead a run may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;

/**
 * A run's start as an admin gives it (ISO 8601 with its zone): '' means now where `orNow`,
 * never in the past, at most a year ahead.
 */
export function parseStart(text: string, now: Date, { orNow }: { orNow: boolean }): Date {
  const invalid = (message: string) =>
    new AppError('INVALID_ARGUMENT', message, { field: 'startsAt' });
  if (text === '' && orNow) return now;
  const at = ISO_TIME.test(text) ? new Date(text) : null;
  if (!at || Number.isNaN(at.getTime())) {
    throw invalid('startsAt must be an ISO 8601 time with its zone, e.g. 2026-12-01T12:00:00Z');
  }
  if (at.getTime() < now.getTime()) throw invalid('startsAt must not be in the past');
  if (at.getTime() > now.getTime() + MAX_AHEAD_MS) {
    throw invalid('startsAt must be within a year from now');
  }
  return at;
}
