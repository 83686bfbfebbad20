import { queryOptions } from '@tanstack/react-query';
import { apiPaths } from '@/config/api-paths';
import { fetchFrom } from '@/lib/query-client';
import type { Paged, Update } from '@/types/api';

/** The list shows 10 a page; the header's badge looks at the 5 newest (docs/product.md 'Updates'). */
export const UPDATES_PER_PAGE = 10;
export const UNREAD_CHECK_COUNT = 5;

/** Every public read about updates starts with this key (a publication refreshes them all). */
export const updatesKey = ['updates'] as const;

/** GET /api/updates?page&limit: published updates, newest first. */
export function updatesQueryOptions({ page, limit }: { page: number; limit: number }) {
  return queryOptions({
    queryKey: [...updatesKey, 'list', { page, limit }],
    queryFn: fetchFrom<Paged<Update>>(`${apiPaths.updates}?page=${page}&limit=${limit}`),
  });
}

/** GET /api/updates/{id}: one published update with its content; 404 otherwise. */
export function updateQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...updatesKey, 'one', id],
    queryFn: fetchFrom<Update>(`${apiPaths.updates}/${encodeURIComponent(id)}`),
  });
}
