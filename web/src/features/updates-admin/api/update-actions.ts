// The admin's changes to updates (docs/api.md 'Updates (news)'). Each answers the update as it
// now is; afterwards the admin's lists and the public ones (and so the 'NEW' badge) refresh.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { api, type RequestOptions } from '@/lib/api-client';
import { invalidateAfter } from '@/lib/query-client';
import { formatDateTime } from '../lib/status';
import type { AdminUpdate, UpdateDraft } from './types';

/**
 * Sent once: a repeated create would write the update twice, and a repeated delete would be
 * refused (404) and read as a failure. The refreshed list shows what happened.
 */
const ONCE: RequestOptions = { retries: 0 };

const one = (id: string) => `${apiPaths.adminUpdates}/${encodeURIComponent(id)}`;

export const updateRequests = {
  create: (draft: UpdateDraft) => api.post<AdminUpdate>(apiPaths.adminUpdates, draft, ONCE),
  save: ({ id, ...draft }: UpdateDraft & { id: string }) =>
    api.put<AdminUpdate>(one(id), draft, ONCE),
  /** Without a date (or with one not ahead) it is public now; with a later one, scheduled. */
  publish: ({ id, publishDate }: { id: string; publishDate?: string }) =>
    api.post<AdminUpdate>(
      apiPaths.adminUpdateAction(id, 'publish'),
      publishDate ? { publishDate } : {},
      ONCE,
    ),
  unpublish: ({ id }: { id: string }) =>
    api.post<AdminUpdate>(apiPaths.adminUpdateAction(id, 'unpublish'), {}, ONCE),
  remove: ({ id }: { id: string }) => api.delete<{ deleted: true }>(one(id), ONCE),
};

/** What each outcome says in its toast, from the update as the server answered it. */
export function publishedToast(update: AdminUpdate) {
  return update.status === 'scheduled'
    ? {
        title: 'Update scheduled',
        description: `It goes public ${formatDateTime(update.publishDate)}.`,
      }
    : { title: 'Update published', description: 'Players see it on the Updates page now.' };
}

export function refreshUpdates(client: QueryClient): Promise<unknown> {
  return invalidateAfter('updates-changed', client);
}

/**
 * One change to updates: the lists refresh afterwards, also after a refusal (the list may have
 * been out of date).
 */
export function useUpdateMutation<I, O>(
  request: (input: I) => Promise<O>,
  onSuccess?: (answer: O) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess,
    onSettled: () => refreshUpdates(client),
  });
}
