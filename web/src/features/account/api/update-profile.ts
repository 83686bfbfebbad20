import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth/types';
import { useUserMutation } from '@/lib/auth/use-user-mutation';

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
  return useUserMutation({
    mutationFn: updateProfileRequest,
    success: () => ({
      title: 'Profile updated',
      description: 'Your profile has been updated successfully.',
    }),
    failure: { title: 'Profile update failed', fallback: 'Please try again.' },
  });
}
