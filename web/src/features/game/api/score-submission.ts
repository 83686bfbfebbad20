// Saving a finished game's score (docs/product.md 'Submitting a score'). The game log goes with it:
// the server replays the game from its own seed and accepts the score only when the replay reaches
// it. POST /api/scores first (retried 3 times, 800 ms apart), then the active seasonal board and
// the weekly board (2 retries, 500 ms, 3 s timeout). The server counts a game once however many of
// these calls arrive, so any order and any repeat is safe. A save that fails for a network reason
// is kept in the outbox and sent later.
import type { WireGameLog } from '@ballmatch/engine';
import { apiPaths } from '@/config/api-paths';
import { RETRYABLE_STATUSES } from '@/config/network';
import { ApiError, NetworkError, TimeoutError, api } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/query-client';
import { addToOutbox } from './score-outbox';

export interface ScoreSubmission {
  playerName: string;
  score: number;
  level: number;
  moves: number;
  sessionId: string;
  gameLog: WireGameLog;
}

/** The body of the weekly and seasonal calls: the same game, without `moves`. */
export function boardEntry(s: ScoreSubmission) {
  return {
    playerName: s.playerName,
    score: s.score,
    level: s.level,
    sessionId: s.sessionId,
    gameLog: s.gameLog,
  };
}

export type SubmitOutcome = { saved: true } | { saved: false; queued: boolean; error: unknown };

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

async function submitSeasonal(entry: ReturnType<typeof boardEntry>): Promise<void> {
  const season = await api.get<{ id?: unknown } | null>(apiPaths.activeSeasonalLeaderboard, {
    retries: 0,
    timeoutMs: 3000,
  });
  if (!season || (typeof season.id !== 'string' && typeof season.id !== 'number')) return;
  await api.post(
    `${apiPaths.seasonalLeaderboards}/${encodeURIComponent(String(season.id))}/scores`,
    entry,
    { retries: 1 },
  );
}

function submitWeekly(entry: ReturnType<typeof boardEntry>): Promise<unknown> {
  return api.post(apiPaths.weeklyRecordScore, entry, {
    retries: 2,
    retryDelayMs: 500,
    timeoutMs: 3000,
  });
}

/** POST /api/scores alone (the outbox resends with this). */
export function postScore(s: ScoreSubmission, retries = 3): Promise<unknown> {
  return api.post(apiPaths.scores, s, { retries, retryDelayMs: 800 });
}

export async function submitScore(s: ScoreSubmission): Promise<SubmitOutcome> {
  try {
    await postScore(s);
  } catch (error) {
    const queued = isTransientFailure(error) && addToOutbox(s);
    return { saved: false, queued, error };
  }
  const entry = boardEntry(s);
  await Promise.all([
    submitSeasonal(entry).catch(logIgnored('seasonal score')),
    submitWeekly(entry).catch(logIgnored('weekly score')),
  ]);
  void invalidateAfter('score-submitted');
  return { saved: true };
}
