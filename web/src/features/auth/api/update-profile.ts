import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import type { User } from './types';

/** Only the fields being changed are sent; evmWallet null clears it. */
export interface ProfileUpdate {
  username?: string;
  email?: string;
  evmWallet?: string | null;
  currentPassword?: string;
  newPassword?: string;
}

export const updateProfileRequest = (input: ProfileUpdate) =>
  api.patch<User>(apiPaths.userProfile, input);

/** PATCH /api/user/profile; the answer replaces the cached user. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: 'Profile updated',
        description: 'Your profile has been updated successfully.',
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Profile update failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    },
  });
}
