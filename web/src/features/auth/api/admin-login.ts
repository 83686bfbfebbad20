import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import type { User } from '@/lib/auth/types';
import { signedInToast, useUserMutation } from '@/lib/auth/use-user-mutation';

export interface AdminLoginInput {
  username: string;
  password: string;
}

export const adminLoginRequest = (input: AdminLoginInput) =>
  api.post<User>(apiPaths.adminLogin, input);

/**
 * POST /api/admin/login. Failures are shown by the form itself (a red box above the button),
 * so there is no failure toast here.
 */
export function useAdminLogin() {
  return useUserMutation({
    mutationFn: adminLoginRequest,
    success: signedInToast,
  });
}
