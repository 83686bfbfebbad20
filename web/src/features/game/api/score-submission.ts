// Saving a finished game's score (docs/product.md 'Submitting a score'). The server reads the
// finished game it held and accepts the score only when it is that game's; every call carries the
// session's credential (`X-Session-Credential`; a signed-in owner's cookie also stands for it).
// POST /api/scores first (retried 3 times, 800 ms apart), then the active seasonal board and the
// weekly board (2 retries, 500 ms, 3 s timeout). The server counts a game once however many of
// these calls arrive, so any order and any repeat is safe. A game the server holds for review
// answers `reviewState: 'held'`: the player is told, and the board calls are not sent. A save that
// fails for a network reason is kept in the outbox and sent later.
import { apiPaths } from '@/config/api-paths';
import { RETRYABLE_STATUSES } from '@/config/network';
import { ApiError, NetworkError, TimeoutError, api } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/query-client';
import { credentialHeaders } from './player-session';
import { addToOutbox, rememberCredential } from './score-outbox';

export interface ScoreSubmission {
  playerName: string;
  score: number;
  level: number;
  moves: number;
  sessionId: string;
}

/** The body of POST /api/scores (only these fields, whatever an old outbox entry holds). */
export function scoreBody(s: ScoreSubmission) {
  return {
    playerName: s.playerName,
    score: s.score,
    level: s.level,
    moves: s.moves,
    sessionId: s.sessionId,
  };
}

/** The body of the weekly and seasonal calls: the same game, without `moves`. */
export function boardEntry(s: ScoreSubmission) {
  return { playerName: s.playerName, score: s.score, level: s.level, sessionId: s.sessionId };
}

/**
 * `review`: `held` (stored, on no board until an admin clears it) or `rejected` (after review),
 * with the server's `message`; null when the score is on the boards (docs/api.md 'Submitting a
 * game').
 */
export type SubmitOutcome =
  | {
      saved: true;
      review: 'held' | 'rejected' | null;
      message?: string;
      /** The stored score's time (the server's), when it answered one. */
      createdAt?: string;
    }
  | { saved: false; queued: boolean; error: unknown };

/** Whether a failure may pass if the same request is sent again later. */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return RETRYABLE_STATUSES.has(error.status) || error.status >= 500;
  return error instanceof NetworkError || error instanceof TimeoutError;
}

/** GET /api/scores/check-high-score?score=n → isHighScore (throws when it cannot tell). */
export async function checkHighScore(score: number): Promise<boolean> {
  const answer = await api.get<{ isHighScore?: unknown } | null>(
    `${apiPaths.checkHighScore}?score=${encodeURIComponent(String(score))}`,
    { retries: 0, timeoutMs: 3000 },
  );
  if (typeof answer?.isHighScore !== 'boolean') throw new Error('No isHighScore in the answer');
  return answer.isHighScore;
}

function logIgnored(what: string) {
  return (error: unknown) =>
    console.warn(
      `[scores] ${what} failed (ignored):`,
      error instanceof Error ? error.message : error,
    );
}

async function submitSeasonal(
  entry: ReturnType<typeof boardEntry>,
  headers: Record<string, string>,
): Promise<void> {
  const season = await api.get<{ id?: unknown } | null>(apiPaths.activeSeasonalLeaderboard, {
    retries: 0,
    timeoutMs: 3000,
  });
  if (!season || (typeof season.id !== 'string' && typeof season.id !== 'number')) return;
  await api.post(
    `${apiPaths.seasonalLeaderboards}/${encodeURIComponent(String(season.id))}/scores`,
    entry,
    { retries: 1, headers },
  );
}

function submitWeekly(
  entry: ReturnType<typeof boardEntry>,
  headers: Record<string, string>,
): Promise<unknown> {
  return api.post(apiPaths.weeklyRecordScore, entry, {
    retries: 2,
    retryDelayMs: 500,
    timeoutMs: 3000,
    headers,
  });
}

/** What the outcome reads of the stored `Score` POST /api/scores answers. */
type StoredScore = { reviewState?: unknown; message?: unknown; createdAt?: unknown };

/** POST /api/scores alone (the outbox resends with this); resolves with the stored `Score`. */
export function postScore(
  s: ScoreSubmission,
  credential: string,
  retries = 3,
): Promise<StoredScore | null> {
  return api.post(apiPaths.scores, scoreBody(s), {
    retries,
    retryDelayMs: 800,
    headers: credentialHeaders(credential),
  });
}

/** Submits a finished game's score with its session's credential ('' for the account's own). */
export async function submitScore(s: ScoreSubmission, credential: string): Promise<SubmitOutcome> {
  rememberCredential(s.sessionId, credential);
  let stored: StoredScore | null;
  try {
    stored = await postScore(s, credential);
  } catch (error) {
    const queued = isTransientFailure(error) && addToOutbox(s);
    return { saved: false, queued, error };
  }
  // Held for review (or rejected): on no board, so there is nothing more to send or refresh.
  const review = stored?.reviewState;
  if (review === 'held' || review === 'rejected') {
    const message = typeof stored?.message === 'string' ? stored.message : undefined;
    return { saved: true, review, message };
  }
  const entry = boardEntry(s);
  const headers = credentialHeaders(credential);
  await Promise.all([
    submitSeasonal(entry, headers).catch(logIgnored('seasonal score')),
    submitWeekly(entry, headers).catch(logIgnored('weekly score')),
  ]);
  void invalidateAfter('score-submitted');
  const createdAt = typeof stored?.createdAt === 'string' ? stored.createdAt : undefined;
  return { saved: true, review: null, createdAt };
}
