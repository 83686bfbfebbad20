import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { Paged } from '@/types/api';
import type { AdminUpdate, UpdateStatus } from './types';

/** Every admin read about updates starts with this key. */
export const adminUpdatesKey = ['admin', 'updates'] as const;

export const ADMIN_UPDATES_PER_PAGE = 20;

/** GET /api/admin/updates?page&limit&status: drafts first, then newest publish date. */
export function adminUpdatesQueryOptions({
  page,
  status,
}: {
  page: number;
  status: UpdateStatus | null;
}) {
  const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_UPDATES_PER_PAGE) });
  if (status) query.set('status', status);
  return queryOptions({
    queryKey: [...adminUpdatesKey, 'list', { page, status }],
    queryFn: fetchFrom<Paged<AdminUpdate>>(`${apiPaths.adminUpdates}?${query}`),
  });
}

/** GET /api/admin/updates/{id}: one update with its content, whatever its status. */
export function adminUpdateQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminUpdatesKey, 'one', id],
    queryFn: fetchFrom<AdminUpdate>(`${apiPaths.adminUpdates}/${encodeURIComponent(id)}`),
  });
}
