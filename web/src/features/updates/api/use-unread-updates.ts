import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeChannel } from '@/lib/use-realtime';
import type { Paged, Update } from '@/types/api';
import { useReadUpdateIds } from '../lib/read-updates';
import { UNREAD_CHECK_COUNT, updatesKey, updatesQueryOptions } from './get-updates';

/** An 'updates' channel message announcing a publication (docs/api.md 'Realtime (/ws)'). */
export function isPublication(data: unknown): boolean {
  return (data as { action?: unknown } | null)?.action === 'update_published';
}

const newestIds = (page: Paged<Update>) => page.data.map((update) => update.id);

/**
 * Whether any of the 5 newest updates is unread on this device (the header's 'NEW' badge). A
 * publication announced over /ws refreshes every update read, so the badge appears at once;
 * a failed read shows no badge.
 */
export function useHasUnreadUpdates(): boolean {
  const client = useQueryClient();
  const newest = useQuery({
    ...updatesQueryOptions({ page: 1, limit: UNREAD_CHECK_COUNT }),
    select: newestIds,
  });
  const read = useReadUpdateIds();
  useRealtimeChannel('updates', (data) => {
    if (isPublication(data)) void client.invalidateQueries({ queryKey: updatesKey });
  });
  return newest.data?.some((id) => !read.has(id)) ?? false;
}
