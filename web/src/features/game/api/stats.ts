// Play statistics: the play counter and completed games. Failures are logged and ignored.
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/query-client';

function ignore(what: string) {
  return (error: unknown) =>
    console.warn(
      `[stats] ${what} failed (ignored):`,
      error instanceof Error ? error.message : error,
    );
}

/** POST /api/stats/increment-play-count at the start of every game. */
export function incrementPlayCount(hasAds: boolean): Promise<void> {
  return api
    .post(apiPaths.incrementPlayCount, { hasAds }, { retries: 1 })
    .then(() => invalidateAfter('play-started'))
    .catch(ignore('increment-play-count'));
}

export interface CompletedGame {
  /** Seconds since the page loaded. */
  sessionTime: number;
  /** Seconds the game lasted. */
  gameTime: number;
  hasAds: boolean;
  adIds?: string[];
  adBlockerDetected: boolean;
  pointsMultiplier: number;
}

/** POST /api/stats/record-completed-game at the end of every game; 'Plays: N' then refreshes. */
export function recordCompletedGame(game: CompletedGame): Promise<void> {
  return api
    .post(apiPaths.recordCompletedGame, game, { retries: 1 })
    .then(() => invalidateAfter('game-completed'))
    .catch(ignore('record-completed-game'));
}
