import { requireUser, type AsyncServiceOf } from '@ballmatch/platform';
import type { authV1 } from '@ballmatch/proto';
import type { Achievements, PlayerBadge } from '../domain/achievements';

const toProtoAchievement = (badge: PlayerBadge): authV1.Achievement => ({
  id: badge.id,
  name: badge.name,
  description: badge.description,
  awardedAt: badge.awardedAt?.toISOString(),
});

/** The caller's own badges: the server lets only signed-in callers through. */
export function createAchievementHandlers(
  achievements: Achievements,
): AsyncServiceOf<typeof authV1.AchievementServiceService> {
  return {
    listAchievements: async (_req, ctx) => ({
      achievements: (await achievements.list(requireUser(ctx).id)).map(toProtoAchievement),
    }),
  };
}
