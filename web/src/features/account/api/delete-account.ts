import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth/get-user';

export interface AccountDeletion {
  confirmUsername: string;
  currentPassword: string;
  removeScores: boolean;
}

/**
 * DELETE /api/user. Sent once (a retry would only meet a deleted account). On success `leave`
 * runs first (the home page on screen), then the user and their data leave the cache, as at
 * logout; a failure is toasted, and the form shows it under its field.
 */
export function useDeleteAccount({ leave }: { leave: () => Promise<void> }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeletion) =>
      apiRequest<{ message: string }>('DELETE', apiPaths.user, input, { retries: 0 }),
    onSuccess: async () => {
      await leave();
      queryClient.setQueryData(userQueryKey, null);
      queryClient.removeQueries({ queryKey: ['account'] });
      queryClient.removeQueries({ queryKey: ['ads', 'mine'] });
      toast({
        title: 'Account deleted',
        description: 'Your account has been deleted. Thanks for playing BallMatch.',
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Account deletion failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}
