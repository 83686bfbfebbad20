import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';

/** A message for the team (docs/api.md 'Feedback (/contact)'). */
export interface FeedbackInput {
  name: string;
  email: string;
  message: string;
}

/** The limits the server checks, so the form can say them before anything is sent. */
export const FEEDBACK_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * POST /api/feedback: 201 {id}. Sent once, never retried: a retry after a lost answer would
 * post the message twice, and a 429 must reach the person at once with the server's words.
 */
export function useSendFeedback() {
  return useMutation({
    mutationFn: (input: FeedbackInput) =>
      api.post<{ id: string }>(apiPaths.feedback, input, { retries: 0 }),
  });
}
