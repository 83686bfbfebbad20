import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import type { User } from './types';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  evmWallet?: string;
}

export const registerRequest = (input: RegisterInput) => api.post<User>(apiPaths.register, input);

/** POST /api/register; the new account is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerRequest,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({
        title: 'Registration successful',
        description: `Welcome to BallMatch, ${user.username}!`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({
        title: 'Registration failed',
        description: errorMessage(error, 'Please check the form and try again.'),
        variant: 'destructive',
      });
    },
  });
}
