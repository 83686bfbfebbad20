// How the admin's pages name an update's status and its times.
import type { BadgeTone } from '@/components/ui/badge';
import { formatDateTime as formatAdminTime } from '@/utils/format';
import type { AdminUpdate, UpdateStatus } from '../api/types';

export const STATUS_LABELS: Record<UpdateStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const STATUS_TONES: Record<UpdateStatus, BadgeTone> = {
  draft: 'neutral',
  scheduled: 'blue',
  published: 'green',
};

/** An ISO instant in local time (the admin pages' one format); a dash when there is none. */
export function formatDateTime(iso: string | null): string {
  return formatAdminTime(iso ?? '');
}

/** A line saying where the update stands: 'Not public', 'Goes public …', 'Public since …'. */
export function statusLine(update: Pick<AdminUpdate, 'status' | 'publishDate'>): string {
  switch (update.status) {
    case 'draft':
      return 'Not public';
    case 'scheduled':
      return `Goes public ${formatDateTime(update.publishDate)}`;
    case 'published':
      return `Public since ${formatDateTime(update.publishDate)}`;
  }
}
