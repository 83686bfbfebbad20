// The admin's inbox of contact-form messages and the changes to one (docs/api.md 'Feedback').
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { fetchFrom } from '@/lib/query-client';
import type { Feedback, FeedbackBox, FeedbackPage } from './types';

/** Every admin read about feedback starts with this key. */
export const adminFeedbackKey = ['admin', 'feedback'] as const;

export const FEEDBACK_PER_PAGE = 20;

/** GET /api/admin/feedback?page&limit&archived: unread first, then newest first. */
export function feedbackQueryOptions({ box, page }: { box: FeedbackBox; page: number }) {
  const query = new URLSearchParams({ page: String(page), limit: String(FEEDBACK_PER_PAGE) });
  if (box === 'archive') query.set('archived', 'true');
  return queryOptions({
    queryKey: [...adminFeedbackKey, 'list', { box, page }],
    queryFn: fetchFrom<FeedbackPage>(`${apiPaths.adminFeedback}?${query}`),
  });
}

export type FeedbackAction = 'read' | 'unread' | 'archive' | 'unarchive';

/**
 * Marks a message read or unread, archives it or brings it back; then the lists (and the
 * unread count) refresh. Each is idempotent on the server, so a retried one is harmless.
 */
export function useFeedbackAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: FeedbackAction }) =>
      api.post<Feedback>(apiPaths.adminFeedbackAction(id, action), {}),
    onSettled: () => client.invalidateQueries({ queryKey: adminFeedbackKey }),
  });
}
