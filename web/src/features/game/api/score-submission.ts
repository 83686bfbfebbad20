// Saving a finished game's score (docs/product.md 'Submitting a score'). The page posts the game
// once, POST /api/scores, with the game's result as the server signed it when the game ended:
// that one call puts the score on the all-time, weekly and seasonal boards (retried 3 times,
// 800 ms apart). Every call carries the session's credential too (`X-Session-Credential`; a
// signed-in owner's cookie also stands for it), which a score sent without its result needs.
// The server counts a game once however many of these calls arrive, so any repeat is safe. A
// game the server holds for review answers `reviewState: 'held'`: the player is told. A save
// that fails for a network reason is kept in the outbox and sent later.
import { apiPaths } from '@/config/api-paths';
import { RETRYABLE_STATUSES } from '@/config/network';
import { ApiError, NetworkError, TimeoutError, api } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/query-client';
import { credentialHeaders } from './session-credential';
import { addToOutbox, rememberCredential } from './score-outbox';

export interface ScoreSubmission {
  playerName: string;
  score: number;
  level: number;
  moves: number;
  sessionId: string;
  /** The game's result as the server signed it (absent in an outbox entry made before it). */
  result?: string;
}

/** The body of POST /api/scores (only these fields, whatever an old outbox entry holds). */
export function scoreBody(s: ScoreSubmission) {
  return {
    playerName: s.playerName,
    score: s.score,
    level: s.level,
    moves: s.moves,
    sessionId: s.sessionId,
    ...(typeof s.result === 'string' && s.result ? { result: s.result } : {}),
  };
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
  // Held for review (or rejected): on no board, so there is nothing to refresh.
  const review = stored?.reviewState;
  if (review === 'held' || review === 'rejected') {
    const message = typeof stored?.message === 'string' ? stored.message : undefined;
    return { saved: true, review, message };
  }
  // On every board already (all-time, weekly, seasonal): the boards' reads are refreshed.
  void invalidateAfter('score-submitted');
  const createdAt = typeof stored?.createdAt === 'string' ? stored.createdAt : undefined;
  return { saved: true, review: null, createdAt };
}
