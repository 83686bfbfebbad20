import {
  AppError,
  numberIn,
  parseField,
  ReadCache,
  type ConsumedEvent,
  type Knex,
} from '@ballmatch/platform';
import { decodeEvent } from '@ballmatch/proto';
import type { CompletedGame, DailyRow, StatsStore } from '../store/stats';
import type { Clock } from './clock';
import { dailyStatsDays } from './limits';

const WEEK_SECONDS = 7 * 24 * 3600;

function seconds(value: number, field: string): number {
  const message = `${field} must be a number of seconds, 0 or more`;
  return parseField(numberIn(message, 0, WEEK_SECONDS), value, field);
}

/**
 * Play counters and the admin's daily figures (docs/api.md, 'Statistics'). Completed games are
 * the ranked games the sessions service finished (session.finished, once per session), not
 * what a client reports.
 */
export function createStats(deps: { stats: StatsStore; now: Clock; cacheMs: number }) {
  const cache = new ReadCache(deps.cacheMs, deps.now);
  return {
    playStarted: (hasAds: boolean) => deps.stats.play(hasAds, deps.now()),

    completedCount: () => cache.get('completed', () => deps.stats.completedCount()),

    /** The client's report of a finished game: checked and answered, counted nowhere. */
    gameCompleted(game: CompletedGame): void {
      seconds(game.sessionTime, 'sessionTime');
      seconds(game.gameTime, 'gameTime');
      const multiplier = numberIn('pointsMultiplier must be a number from 0 to 10', 0, 10);
      parseField(multiplier, game.pointsMultiplier, 'pointsMultiplier');
      if (game.adIds.length > 50 || game.adIds.some((id) => id.length > 100)) {
        throw new AppError('INVALID_ARGUMENT', 'adIds must list at most 50 ids', {
          field: 'adIds',
        });
      }
    },

    /**
     * session.finished (the durable consumer, in its transaction): one completed game on the
     * day it ended, its game time the session's start to the game's end. Once per session.
     */
    async gameFinished(trx: Knex.Transaction, event: ConsumedEvent) {
      const finished = decodeEvent('sessionFinished', event.payload);
      const endedAt = new Date(finished?.finishedAt ?? '');
      const startedAt = new Date(finished?.startedAt ?? '');
      if (!finished?.sessionId || Number.isNaN(endedAt.getTime())) return undefined;
      const seconds = Number.isNaN(startedAt.getTime())
        ? 0
        : Math.min(WEEK_SECONDS, Math.max(0, (endedAt.getTime() - startedAt.getTime()) / 1000));
      await deps.stats.finished(trx, {
        sessionId: finished.sessionId.slice(0, 100),
        finishedAt: endedAt,
        gameSeconds: seconds,
      });
      return () => cache.clear();
    },

    daily(days: number): Promise<DailyRow[]> {
      return deps.stats.daily(dailyStatsDays(days), deps.now());
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
