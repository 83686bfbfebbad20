import { isIP } from 'node:net';
import { AppError, isEmailAddress, pageAnswer, pageOf } from '@ballmatch/platform';
import type { FeedbackRecord, FeedbackStore } from '../store/feedback';
import type { FeedbackLimit } from './feedback-limit';
import { invalid, knownId, LIMITS, PAGE_LIMIT, plainText } from './rules';

const notFound = () => new AppError('NOT_FOUND', 'Feedback not found');

/** The sender's address as the gateway saw it (an IPv4-mapped IPv6 address as IPv4). */
function clientIp(raw: string): string {
  const trimmed = raw.trim();
  const ip = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed;
  if (isIP(ip) === 0) throw invalid('clientIp', 'clientIp must be an IPv4 or IPv6 address');
  return ip.toLowerCase();
}

function email(raw: string): string {
  const value = raw.trim();
  if (/\p{Cc}/u.test(value) || !isEmailAddress(value))
    throw invalid('email', 'Enter a valid email address');
  return value;
}

/** The contact form and the admins' inbox. Messages are plain text, never HTML. */
export function createFeedback(deps: {
  store: FeedbackStore;
  limit: FeedbackLimit;
  now: () => Date;
}) {
  const { store, now } = deps;

  async function marked(found: Promise<FeedbackRecord | null>): Promise<FeedbackRecord> {
    const record = await found;
    if (!record) throw notFound();
    return record;
  }

  return {
    /** Checked first (refusals cost nothing), then counted against the address, then stored. */
    async submit(input: { name: string; email: string; message: string; clientIp: string }) {
      const message = {
        name: plainText(input.name, 'name', LIMITS.nameMax),
        email: email(input.email),
        message: plainText(input.message, 'message', LIMITS.messageMax, { multiline: true }),
        clientIp: clientIp(input.clientIp),
      };
      await deps.limit(message.clientIp);
      return store.insert({ ...message, createdAt: now() });
    },

    async list(input: { page: number; limit: number; archived: boolean }) {
      const page = pageOf(input, PAGE_LIMIT);
      const [{ rows, total }, unreadCount] = await Promise.all([
        store.list(input.archived, page),
        store.unreadCount(),
      ]);
      return { ...pageAnswer(page, total, rows), unreadCount };
    },

    markRead: (id: string) => marked(store.setRead(knownId(id, 'Feedback'), now())),
    markUnread: (id: string) => marked(store.setRead(knownId(id, 'Feedback'), null)),
    archive: (id: string) => marked(store.setArchived(knownId(id, 'Feedback'), now())),
    unarchive: (id: string) => marked(store.setArchived(knownId(id, 'Feedback'), null)),
  };
}

export type FeedbackInbox = ReturnType<typeof createFeedback>;
