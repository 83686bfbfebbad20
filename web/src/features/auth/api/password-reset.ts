import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { userQueryKey } from '@/lib/auth/get-user';

/** What both calls answer: a sentence for the person. */
interface Answer {
  message: string;
}

// Never retried: each request for a link mails one and counts against the limits, and a link
// works once.
const once = { retries: 0 };

/** POST /api/forgot-password: the same answer whether or not an account has the address. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api.post<Answer>(apiPaths.forgotPassword, input, once),
  });
}

/**
 * POST /api/reset-password: sets the new password and signs out every session of the account,
 * this browser's too, so the cached user is dropped.
 */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      api.post<Answer>(apiPaths.resetPassword, input, once),
    onSuccess: () => queryClient.setQueryData(userQueryKey, null),
  });
}
