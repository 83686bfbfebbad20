// Badges won while no page listened. A submitted score's badges are judged on the server a
// moment later and announced over /ws, but the page reloads 1.5 s after the submission: an
// announcement that lands before the reload (its toast waiting behind 'Score Submitted') or
// between the two pages is heard by nobody. So the submission leaves a note in this tab, and
// the next page, once it listens, reads the badges won since that score and announces them.

const KEY = 'ballmatch_badge_catch_up';
/** A note older than this is stale (the tab was left on another site); it is dropped. */
export const CATCH_UP_MAX_AGE_MS = 5 * 60_000;
/** The score's time is the scores service's clock, a badge's the auth service's: allow a second. */
export const CLOCK_TOLERANCE_MS = 1000;

interface Note {
  /** The stored score's time (the server's clock), from POST /api/scores. */
  since: string;
  /** When the note was written (this device's clock), for its expiry. */
  writtenAt: number;
}

/** After a score reached the boards: badges awarded from `scoreCreatedAt` on are to be told. */
export function expectBadgesSince(scoreCreatedAt: string, now = Date.now()): void {
  const note: Note = { since: scoreCreatedAt, writtenAt: now };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(note));
  } catch {
    // Storage refused (private mode, full): the badges still show on the dashboard.
  }
}

/**
 * The time (ms) from which badges are to be told: the note's score time, less the clocks'
 * tolerance. Once: the note is removed. Null when there is none, or it is stale.
 */
export function takeBadgeCatchUp(now = Date.now()): number | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const note = JSON.parse(raw) as Partial<Note>;
    const since = Date.parse(String(note.since));
    const age = now - Number(note.writtenAt);
    if (Number.isNaN(since) || !(age >= 0 && age <= CATCH_UP_MAX_AGE_MS)) return null;
    return since - CLOCK_TOLERANCE_MS;
  } catch {
    return null;
  }
}
