import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';

/** A badge of the set (docs/api.md 'Achievements'); `awardedAt` null while not won. */
export interface Achievement {
  id: string;
  name: string;
  description: string;
  awardedAt: string | null;
}

export const achievementsQueryKey = ['account', 'achievements'] as const;

/** GET /api/user/achievements: every badge, in the set's order. */
export function achievementsQueryOptions() {
  return queryOptions({
    queryKey: achievementsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ achievements: Achievement[] }>(apiPaths.userAchievements, { signal }))
        .achievements,
  });
}

/** What the 'achievements' channel sends when the player wins a badge. */
export interface AchievementAwarded {
  action: 'achievement_awarded';
  achievement: Omit<Achievement, 'awardedAt'> & { awardedAt: string };
}

export function isAchievementAwarded(data: unknown): data is AchievementAwarded {
  const value = data as Partial<AchievementAwarded> | null;
  return (
    value?.action === 'achievement_awarded' &&
    typeof value.achievement?.id === 'string' &&
    typeof value.achievement.name === 'string'
  );
}
