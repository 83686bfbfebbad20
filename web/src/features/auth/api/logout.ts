import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { userQueryKey } from './get-user';

export const logoutRequest = () => api.post<{ message: string }>(apiPaths.logout);

/** POST /api/logout; clears the user and anything only an admin could read. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutRequest,
    onSuccess: () => {
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({
        predicate: (query) => {
          const [path] = query.queryKey;
          return typeof path === 'string' && path.startsWith('/api/admin');
        },
      });
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
