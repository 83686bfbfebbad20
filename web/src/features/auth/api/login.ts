import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import type { User } from './types';

export interface LoginInput {
  email: string;
  password: string;
}

export const loginRequest = (input: LoginInput) => api.post<User>(apiPaths.login, input);

/** POST /api/login; on success the user goes into the cache (which redirects the page). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: 'Login successful',
        description: `Welcome, ${user.username}!`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Login failed',
        description: errorMessage(error, 'Login failed'),
        variant: 'destructive',
      });
    },
  });
}
