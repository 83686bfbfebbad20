import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth/types';
import { signedInToast, useUserMutation } from '@/lib/auth/use-user-mutation';

export interface LoginInput {
  email: string;
  password: string;
}

export const loginRequest = (input: LoginInput) => api.post<User>(apiPaths.login, input);

/** POST /api/login; on success the user goes into the cache (which redirects the page). */
export function useLogin() {
  return useUserMutation({
    mutationFn: loginRequest,
    success: signedInToast,
    failure: { title: 'Login failed', fallback: 'Login failed' },
  });
}
