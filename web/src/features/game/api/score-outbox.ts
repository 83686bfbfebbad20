// Scores that could not be saved because the server was out of reach wait here (localStorage)
// and are sent again, once each, when the page next loads or the browser comes back online.
// The server takes a game only once (idempotent per session), so a resend can never count
// twice. An answer that will never change (a 4xx such as a refused score) drops the entry.
// A session's credential is kept in memory only, for this page's life; the game's signed result
// is kept with the entry, and stands for the game after a reload (a guest's too, for the 7 days
// it lasts; a signed-in owner's from that account). An entry without one (made before results
// existed) goes without it: a guest's is then refused (403) and dropped.
import { readJson, writeJson } from '@/lib/storage';
import type { ScoreSubmission } from './score-submission';

export const OUTBOX_KEY = 'ballmatch_score_outbox';
export const OUTBOX_LIMIT = 20;

export interface OutboxEntry {
  submission: ScoreSubmission;
  queuedAt: string;
}

function isEntry(value: unknown): value is OutboxEntry {
  const v = value as OutboxEntry;
  return (
    !!v &&
    typeof v.queuedAt === 'string' &&
    !!v.submission &&
    typeof v.submission.sessionId === 'string' &&
    typeof v.submission.score === 'number'
  );
}

export function outboxEntries(): OutboxEntry[] {
  const list = readJson<unknown>(OUTBOX_KEY, []);
  return Array.isArray(list) ? list.filter(isEntry) : [];
}

function save(entries: OutboxEntry[]): void {
  writeJson(OUTBOX_KEY, entries.slice(-OUTBOX_LIMIT));
}

const credentials = new Map<string, string>();

/** Remembers a session's credential for resends while this page lives (never stored). */
export function rememberCredential(sessionId: string, credential: string): void {
  if (credential) credentials.set(sessionId, credential);
}

/** The credential of a session played on this page ('' when unknown). */
export function credentialFor(sessionId: string): string {
  return credentials.get(sessionId) ?? '';
}

/** Keeps a submission for later (one per game session); returns true when kept. */
export function addToOutbox(submission: ScoreSubmission, now = new Date()): boolean {
  const entries = outboxEntries().filter((e) => e.submission.sessionId !== submission.sessionId);
  entries.push({ submission, queuedAt: now.toISOString() });
  save(entries);
  return true;
}

export interface FlushResult {
  sent: number;
  dropped: number;
  kept: number;
}

export interface FlushDeps {
  send: (submission: ScoreSubmission) => Promise<unknown>;
  isTransient: (error: unknown) => boolean;
  onSent?: () => void;
}

let flushing: Promise<FlushResult> | null = null;

/** Sends every waiting submission, oldest first; stops at the first transient failure. */
export function flushOutbox(deps: FlushDeps): Promise<FlushResult> {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, dropped: 0, kept: 0 };
    try {
      for (const entry of outboxEntries()) {
        try {
          await deps.send(entry.submission);
          result.sent += 1;
        } catch (error) {
          if (deps.isTransient(error)) break;
          result.dropped += 1;
          console.warn(
            '[outbox] the server refused a saved score; dropping it:',
            error instanceof Error ? error.message : error,
          );
        }
        // Sent or refused for good: either way it leaves the outbox now.
        save(outboxEntries().filter((e) => e.submission.sessionId !== entry.submission.sessionId));
      }
      result.kept = outboxEntries().length;
      if (result.sent > 0) deps.onSent?.();
      return result;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}
