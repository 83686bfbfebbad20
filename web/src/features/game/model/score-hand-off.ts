// Handing a finished game to the leaderboards (docs/product.md 'Submitting a score'): the name
// is remembered on this device, the score is sent once the server has heard the game end, with
// the game's result the server signed and the session's credential; the player is told the
// server's answer (held for review included), and the page reloads 1.5 s later (a fresh page
// for the next game). A name the server refuses goes back to the dialog instead, so the player
// can choose another.
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { expectBadgesSince } from '@/lib/badge-catch-up';
import { reloadPage } from '@/lib/reload-page';
import { isTransientFailure, submitScore } from '../api/score-submission';
import { savePlayerName } from '../lib/player-name';
import type { GameResult } from './types';

/** The page reloads this long after a score is submitted. */
export const RELOAD_DELAY_MS = 1500;

let pendingReload: ReturnType<typeof setTimeout> | undefined;

/** The game left the page before its reload came due: a page the player left stays as it is. */
export function cancelPendingReload(): void {
  clearTimeout(pendingReload);
  pendingReload = undefined;
}

const numberFormat = new Intl.NumberFormat('en-US');

/** What the dialog hears back: the server's reason when it refused the name. */
export interface HandOffResult {
  nameError?: string;
}

/**
 * Submits `game` under `playerName`. `isHighScore` picks the success toast: 'Score Submitted'
 * (all-time and weekly) or 'Weekly Score Submitted'. A practice game has no session and is
 * never sent.
 */
export async function handOffScore(
  game: GameResult,
  playerName: string,
  isHighScore: boolean | null,
): Promise<HandOffResult> {
  if (!game.sessionId) return {};
  savePlayerName(playerName);
  // A score is accepted only from a finished game; its signed result is the proof.
  const result = await game.ended;
  const outcome = await submitScore(
    {
      playerName,
      score: game.score,
      level: game.level,
      moves: game.moves,
      sessionId: game.sessionId,
      ...(result ? { result } : {}),
    },
    game.credential,
  );
  const points = numberFormat.format(game.score);
  const refused = !outcome.saved && !isTransientFailure(outcome.error) ? outcome.error : null;
  if (refused instanceof ApiError && refused.data?.field === 'playerName') {
    return { nameError: refused.data.message || 'That name cannot be used; choose another.' };
  }
  if (refused) {
    toast({
      title: 'Score Not Submitted',
      description:
        (refused instanceof ApiError && refused.data?.message) ||
        `Your score of ${points} could not be submitted.`,
      variant: 'destructive',
    });
  } else if (!outcome.saved) {
    toast({
      title: 'Score Recorded',
      description: `Your score of ${points} has been saved. Leaderboards will be updated when connection is restored.`,
    });
  } else if (outcome.review === 'held') {
    toast({
      title: 'Score Under Review',
      description: `Your score of ${points} is being reviewed. It will appear on the leaderboards once cleared.`,
    });
  } else if (outcome.review === 'rejected') {
    toast({
      title: 'Score Not Submitted',
      description: outcome.message || `Your score of ${points} was rejected after review.`,
      variant: 'destructive',
    });
  } else if (isHighScore) {
    toast({
      title: 'Score Submitted',
      description: `Your score of ${points} is on the all-time and weekly leaderboards.`,
      variant: 'success',
    });
  } else {
    toast({
      title: 'Weekly Score Submitted',
      description: `Your score of ${points} is on this week's leaderboard.`,
      variant: 'success',
    });
  }
  // Its badges are judged after the answer; the next page tells those this one misses.
  if (outcome.saved && outcome.createdAt) expectBadgesSince(outcome.createdAt);
  cancelPendingReload();
  pendingReload = setTimeout(reloadPage, RELOAD_DELAY_MS);
  return {};
}
