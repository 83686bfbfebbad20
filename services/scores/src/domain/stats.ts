import { AppError, ReadCache } from '@ballmatch/platform';
import type { CompletedGame, DailyRow, StatsStore } from '../store/stats';
import type { Clock } from './clock';

const WEEK_SECONDS = 7 * 24 * 3600;

function seconds(value: number, field: string): number {
  if (!Number.isFinite(value) || value < 0 || value > WEEK_SECONDS) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be a number of seconds, 0 or more`, {
      field,
    });
  }
  return value;
}

/** Play counters and the admin's daily figures (docs/api.md, 'Statistics'). */
export function createStats(deps: { stats: StatsStore; now: Clock; cacheMs: number }) {
  const cache = new ReadCache(deps.cacheMs);
  return {
    playStarted: (hasAds: boolean) => deps.stats.play(hasAds, deps.now()),

    completedCount: () => cache.get('completed', () => deps.stats.completedCount()),

    async gameCompleted(game: CompletedGame): Promise<void> {
      seconds(game.sessionTime, 'sessionTime');
      seconds(game.gameTime, 'gameTime');
      if (
        !Number.isFinite(game.pointsMultiplier) ||
        game.pointsMultiplier < 0 ||
        game.pointsMultiplier > 10
      ) {
        throw new AppError('INVALID_ARGUMENT', 'pointsMultiplier must be a number from 0 to 10', {
          field: 'pointsMultiplier',
        });
      }
      if (game.adIds.length > 50 || game.adIds.some((id) => id.length > 100)) {
        throw new AppError('INVALID_ARGUMENT', 'adIds must list at most 50 ids', {
          field: 'adIds',
        });
      }
      await deps.stats.completed(game, deps.now());
      cache.clear();
    },

    daily(days: number): Promise<DailyRow[]> {
      const n = days > 0 ? Math.min(366, Math.floor(days)) : 30;
      return deps.stats.daily(n, deps.now());
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
