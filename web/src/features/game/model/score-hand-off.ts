// Handing a finished game to the leaderboards (docs/product.md 'Submitting a score'): the name
// is remembered on this device, the score and its game log are sent, the player is told how it
// went, and the page reloads 1.5 s later whatever the outcome (a fresh page for the next game).
import { encodeGameLog } from '@ballmatch/engine';
import { toast } from '@/components/ui/toast';
import { reloadPage } from '@/lib/reload-page';
import { submitScore } from '../api/score-submission';
import { savePlayerName } from '../lib/player-name';
import type { GameResult } from './types';

/** The page reloads this long after a score is submitted. */
export const RELOAD_DELAY_MS = 1500;

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * Submits `game` under `playerName`. `isHighScore` picks the success toast: 'Score Submitted'
 * (all-time and weekly) or 'Weekly Score Submitted'. A practice game has no session and is
 * never sent.
 */
export async function handOffScore(
  game: GameResult,
  playerName: string,
  isHighScore: boolean | null,
): Promise<void> {
  if (!game.sessionId) return;
  savePlayerName(playerName);
  const outcome = await submitScore({
    playerName,
    score: game.score,
    level: game.level,
    moves: game.moves,
    sessionId: game.sessionId,
    gameLog: encodeGameLog(game.log),
  });
  const points = numberFormat.format(game.score);
  if (!outcome.saved) {
    // The same words whether the score waits in the outbox (a network failure) or was refused:
    // there is nothing the player could do about either.
    toast({
      title: 'Score Recorded',
      description: `Your score of ${points} has been saved. Leaderboards will be updated when connection is restored.`,
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
  setTimeout(reloadPage, RELOAD_DELAY_MS);
}
