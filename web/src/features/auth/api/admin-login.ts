import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import type { User } from './types';

export interface AdminLoginInput {
  username: string;
  password: string;
}

export const adminLoginRequest = (input: AdminLoginInput) =>
  api.post<User>(apiPaths.adminLogin, input);

/**
 * POST /api/admin/login. Failures are shown by the form itself (SPEC 8: a red box above the
 * button), so there is no failure toast here.
 */
export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLoginRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: 'Login successful',
        description: `Welcome, ${user.username}!`,
        variant: 'success',
      });
    },
  });
}
