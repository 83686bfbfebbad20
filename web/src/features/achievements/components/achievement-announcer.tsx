import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useUser } from '@/features/auth/api/get-user';
import { isAdmin } from '@/features/auth/api/types';
import { realtimeClient, type RealtimeClient } from '@/lib/realtime';
import { achievementsQueryKey, isAchievementAwarded } from '../api/get-achievements';

/**
 * On every page: a signed-in player hears their own 'achievements' channel, and each badge won
 * shows as a toast and refreshes the dashboard's list. The connection is told who is signed
 * in, so a sign-in or sign-out on this page reconnects it with the new session cookie.
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
    return client.subscribe('achievements', (data) => {
      if (!isAchievementAwarded(data)) return;
      toast({
        title: `Achievement unlocked: ${data.achievement.name}`,
        description: data.achievement.description,
        variant: 'success',
        queue: true,
      });
      void queryClient.invalidateQueries({ queryKey: achievementsQueryKey });
    });
  }, [client, player, userId, queryClient]);

  return null;
}
