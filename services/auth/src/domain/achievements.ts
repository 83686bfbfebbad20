import {
  isUuid,
  writeOutbox,
  type ConsumedEvent,
  type Knex,
  type Logger,
} from '@ballmatch/platform';
import { decodeEvent, newEvent } from '@ballmatch/proto';
import type { AchievementStore } from '../store/achievements';
import { BADGES, badgeById, badgesEarned, type Badge } from './badges';

/** A badge of the set and when the player won it (null: not yet). */
export interface PlayerBadge extends Badge {
  awardedAt: Date | null;
}

const MAX_ID = 100;

/** The account a scores.created payload names; undefined for a guest or anything not an id. */
function accountOf(payload: unknown): string | undefined {
  const userId = decodeEvent('scoreCreated', payload)?.userId;
  return userId && isUuid(userId) ? userId : undefined;
}

/**
 * Achievements are awarded by this service from verified scores only: the scores service's
 * scores.created (a score accepted on the boards, or cleared after review), applied once per
 * event id by the durable consumer (consumers.ts) and once per score here. Guests' scores and
 * accounts that are not players' (admins, deleted ones) win nothing. Each new badge is
 * announced as achievement.awarded through the outbox, written in the same transaction.
 */
export function createAchievements(deps: {
  store: AchievementStore;
  /** Wakes the outbox relay after a commit that wrote events. */
  wake: () => void;
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  return {
    async list(userId: string): Promise<PlayerBadge[]> {
      const won = new Map((await deps.store.ofUser(userId)).map((r) => [r.badge, r.awardedAt]));
      return BADGES.map((badge) => ({ ...badge, awardedAt: won.get(badge.id) ?? null }));
    },

    /** A guest's score (or no account at all): nothing to judge, so no transaction either. */
    ignores: (payload: unknown) => !accountOf(payload),

    /** scores.created, in the consumer's transaction; answers the relay's wake-up if it awarded. */
    async scoreCreated(trx: Knex.Transaction, event: ConsumedEvent) {
      const created = decodeEvent('scoreCreated', event.payload);
      const userId = created?.userId;
      const score = created?.score;
      if (!userId || !isUuid(userId)) return undefined; // a guest's score
      if (!score?.id || score.id.length > MAX_ID || (created.seasonId?.length ?? 0) > MAX_ID) {
        deps.logger.warn({ eventId: event.id }, 'scores.created without a usable score: skipped');
        return undefined;
      }
      if (!(await deps.store.lockPlayer(trx, userId))) return undefined;
      const playedAt = new Date(score.createdAt);
      const record = await deps.store.recordGame(trx, {
        scoreId: score.id,
        userId,
        seasonId: created.seasonId || null,
        playedAt: Number.isNaN(playedAt.getTime()) ? now() : playedAt,
      });
      if (!record) return undefined; // this score was judged already
      const earned = badgesEarned({
        score: score.score,
        level: score.level,
        largestRun: created.largestRun,
        weeklyRank: created.weeklyRank,
        ...record,
      });
      const at = now();
      const awarded = await deps.store.award(
        trx,
        userId,
        earned.map((b) => b.id),
        score.id,
        at,
      );
      if (awarded.length === 0) return undefined;
      await writeOutbox(
        trx,
        awarded.map((id) => {
          const badge = badgeById(id)!;
          return newEvent(
            'achievementAwarded',
            {
              userId,
              badge: badge.id,
              name: badge.name,
              description: badge.description,
              awardedAt: at.toISOString(),
            },
            at,
          );
        }),
      );
      return () => deps.wake();
    },
  };
}

export type Achievements = ReturnType<typeof createAchievements>;
