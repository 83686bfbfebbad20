import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { userQueryKey } from './get-user';
import type { User } from './types';

/** The toast after a sign-in, for players and admins alike. */
export const signedInToast = (user: User) => ({
  title: 'Login successful',
  description: `Welcome, ${user.username}!`,
});

/**
 * A request whose answer is the signed-in user (sign in, register, profile update): the answer
 * replaces the cached user (the page follows it), and the player is told in a toast. Without
 * `failure` there is no failure toast: the form shows the error itself.
 */
export function useUserMutation<Input>({
  mutationFn,
  success,
  failure,
}: {
  mutationFn: (input: Input) => Promise<User>;
  success: (user: User) => { title: string; description: string };
  /** The toast's title, and its text when the server gives no message. */
  failure?: { title: string; fallback: string };
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey, user);
      toast({ ...success(user), variant: 'success' });
    },
    onError:
      failure &&
      ((error) =>
        toast({
          title: failure.title,
          description: errorMessage(error, failure.fallback),
          variant: 'destructive',
        })),
  });
}
