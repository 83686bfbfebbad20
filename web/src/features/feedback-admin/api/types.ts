// A message from the contact form as the admin reads it (docs/api.md 'Feedback (/contact)').
import type { Pagination } from '@/types/api';

export interface Feedback {
  id: string;
  name: string;
  email: string;
  /** Plain text (newlines kept): shown as text, never as HTML. */
  message: string;
  clientIp: string;
  read: boolean;
  archived: boolean;
  createdAt: string;
  readAt: string | null;
  archivedAt: string | null;
}

export interface FeedbackPage {
  data: Feedback[];
  pagination: Pagination;
  /** The inbox's unread messages (whichever list was asked for). */
  unreadCount: number;
}

export type FeedbackBox = 'inbox' | 'archive';
