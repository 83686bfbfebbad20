// Custom ball icons (docs/api.md 'Review and management'): the list, upload (which replaces the
// colour's icon) and delete, and how often each colour's icon was seen.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api } from '@/lib/api-client';
import { fetchFrom } from '@/lib/query-client';
import type { DayRange } from '@/components/stats/days';
import type { Icon, IconStats } from './types';

const adminIconsKey = ['admin', 'icons'] as const;

/** GET /api/admin/icons */
export function adminIconsQueryOptions() {
  return queryOptions({
    queryKey: [...adminIconsKey, 'list'],
    queryFn: fetchFrom<Icon[]>(apiPaths.adminIcons),
  });
}

/** GET /api/admin/icons/stats?from=&to= */
export function iconStatsQueryOptions(range: DayRange) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  return queryOptions({
    queryKey: [...adminIconsKey, 'stats', range],
    queryFn: fetchFrom<IconStats>(`${apiPaths.adminIconStats}?${query}`),
  });
}

/** The admin's icon list and the board's faces change together. */
function useIconMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  success: (input: Input) => string,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_answer, input) => toast({ title: success(input), variant: 'success' }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...adminIconsKey, 'list'] }),
        client.invalidateQueries({ queryKey: ['faces', 'icons'] }),
      ]),
  });
}

/** POST /api/admin/icons/upload: the server answers the icon as it stored it (sanitised). */
export function useUploadIcon() {
  return useIconMutation(
    (icon: Icon) => api.post<Icon>(apiPaths.adminIconUpload, icon),
    (icon) => `The ${icon.color_code} icon is saved`,
  );
}

/** POST /api/admin/icons/delete (not retried: a repeat of one that landed would be a 404). */
export function useDeleteIcon() {
  return useIconMutation(
    (color: string) =>
      api.post<{ deleted: true }>(apiPaths.adminIconDelete, { color_code: color }, { retries: 0 }),
    (color) => `The ${color} icon is removed`,
  );
}
