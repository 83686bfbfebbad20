// The admin's Update (docs/api.md 'Updates (news)').
import type { Update } from '@/types/api';

export type UpdateStatus = 'draft' | 'scheduled' | 'published';

export interface AdminUpdate extends Omit<Update, 'publishDate'> {
  status: UpdateStatus;
  /** Null for a draft; ahead for a scheduled update. */
  publishDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What the editor sends: the title and the HTML (the server sanitises it). */
export interface UpdateDraft {
  title: string;
  content: string;
}
