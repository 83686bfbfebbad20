import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/lib/auth/get-user';
import { isAdmin } from '@/lib/auth/types';
import { takeBadgeCatchUp } from '@/lib/badge-catch-up';
import { realtimeClient, type RealtimeClient } from '@/lib/realtime';
import {
  achievementsQueryKey,
  achievementsQueryOptions,
  isAchievementAwarded,
  type Achievement,
} from '../api/get-achievements';

/**
 * On every page: a signed-in player hears their own 'achievements' channel, and each badge won
 * shows as a toast and refreshes the dashboard's list. The connection is told who is signed
 * in, so a sign-in or sign-out on this page reconnects it with the new session cookie. Once
 * the channel is subscribed, badges won since a score submitted just before this page loaded
 * (src/lib/badge-catch-up.ts) are read and told too; each badge is told once per page.
 */
export function AchievementAnnouncer({ client = realtimeClient() }: { client?: RealtimeClient }) {
  const { user, isPending } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const player = Boolean(user) && !isAdmin(user);

  useEffect(() => {
    if (!isPending) client.setIdentity(userId);
  }, [client, isPending, userId]);

  useEffect(() => {
    if (!player) return undefined;
    const told = new Set<string>();
    const announce = (badge: Pick<Achievement, 'id' | 'name' | 'description'>) => {
      if (told.has(badge.id)) return;
      told.add(badge.id);
      toast({
        title: `Achievement unlocked: ${badge.name}`,
        description: badge.description,
        variant: 'success',
        queue: true,
      });
    };
    const stopAwards = client.subscribe('achievements', (data) => {
      if (!isAchievementAwarded(data)) return;
      announce(data.achievement);
      void queryClient.invalidateQueries({ queryKey: achievementsQueryKey });
    });
    // Listening now: what was won before is in the list, what is won after comes over /ws.
    const stopCatchUp = client.onMessage((message) => {
      if (message.type !== 'subscription' || message.channel !== 'achievements') return;
      if (message.status !== 'subscribed') return;
      const since = takeBadgeCatchUp();
      if (since === null) return;
      queryClient
        .fetchQuery({ ...achievementsQueryOptions(), staleTime: 0 })
        .then((badges) => {
          for (const badge of badges) {
            if (badge.awardedAt && Date.parse(badge.awardedAt) >= since) announce(badge);
          }
        })
        .catch((error: unknown) => console.warn('[achievements] catch-up failed', error));
    });
    return () => {
      stopAwards();
      stopCatchUp();
    };
  }, [client, player, userId, queryClient]);

  return null;
}
