import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth/get-user';

export const logoutRequest = () => api.post<{ message: string }>(apiPaths.logout);

/**
 * POST /api/logout; clears the user and anything only an admin could read. `leave` runs first
 * and may wait (e.g. until the home page is on screen), so that a signed-in-only page is gone
 * before its user is, instead of bouncing the visitor to the login screen.
 */
export function useLogout({ leave }: { leave?: () => Promise<void> } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutRequest,
    onSuccess: async () => {
      await leave?.();
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ queryKey: ['admin'] });
      toast({
        title: 'Logged out',
        description: 'You have been logged out successfully.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Logout failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
