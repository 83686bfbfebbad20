import { selectPage, type Knex, type PageWindow } from '@ballmatch/platform';
import { date, type Raw } from './rows';

/** A message from the contact form as the store hands it up. */
export interface FeedbackRecord {
  id: string;
  name: string;
  email: string;
  message: string;
  clientIp: string;
  readAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
}

export type NewFeedback = Omit<FeedbackRecord, 'id' | 'readAt' | 'archivedAt'>;

function feedbackRecord(row: Raw): FeedbackRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    message: String(row.message),
    clientIp: String(row.client_ip),
    readAt: date(row.read_at),
    archivedAt: date(row.archived_at),
    createdAt: date(row.created_at)!,
  };
}

/** Queries on the content schema's feedback. */
export function createFeedbackStore(db: Knex) {
  const feedback = () => db<Raw>('feedback');
  const inList = (archived: boolean) =>
    archived ? feedback().whereNotNull('archived_at') : feedback().whereNull('archived_at');

  /** Sets one timestamp column; null when there is no such message. */
  async function mark(
    id: string,
    column: 'read_at' | 'archived_at',
    value: Date | null,
  ): Promise<FeedbackRecord | null> {
    // Marking again keeps the first time.
    const set = value === null ? null : db.raw('coalesce(??, ?)', [column, value]);
    const [row] = (await feedback()
      .where({ id })
      .update({ [column]: set })
      .returning('*')) as Raw[];
    return row ? feedbackRecord(row) : null;
  }

  return {
    async insert({ name, email, message, clientIp, createdAt }: NewFeedback) {
      const values = { name, email, message, client_ip: clientIp, created_at: createdAt };
      const [row] = (await feedback().insert(values).returning('*')) as Raw[];
      return feedbackRecord(row!);
    },

    /** The inbox or the archive: unread first, then newest first. */
    async list(archived: boolean, at: PageWindow) {
      const { rows, total } = await selectPage<Raw>(
        () => inList(archived),
        at,
        (q) => q.select('*').orderByRaw('(read_at IS NOT NULL), created_at DESC, id DESC'),
      );
      return { rows: rows.map(feedbackRecord), total };
    },

    /** Unread messages in the inbox. */
    async unreadCount(): Promise<number> {
      const [{ n }] = (await inList(false).whereNull('read_at').count({ n: '*' })) as [
        { n: string },
      ];
      return Number(n);
    },

    setRead: (id: string, at: Date | null) => mark(id, 'read_at', at),
    setArchived: (id: string, at: Date | null) => mark(id, 'archived_at', at),
  };
}

export type FeedbackStore = ReturnType<typeof createFeedbackStore>;
