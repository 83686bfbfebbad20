import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth/types';
import { useUserMutation } from '@/lib/auth/use-user-mutation';

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
  evmWallet?: string;
}

export const registerRequest = (input: RegisterInput) => api.post<User>(apiPaths.register, input);

/** POST /api/register; the new account is signed in at once. */
export function useRegister() {
  return useUserMutation({
    mutationFn: registerRequest,
    success: (user) => ({
      title: 'Registration successful',
      description: `Welcome to BallMatch, ${user.username}!`,
    }),
    failure: { title: 'Registration failed', fallback: 'Please check the form and try again.' },
  });
}
