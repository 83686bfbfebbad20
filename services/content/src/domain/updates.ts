import { AppError, pageAnswer, pageOf, type Logger, type Pagination } from '@ballmatch/platform';
import type { UpdateRecord, UpdateStatus, UpdateStore } from '../store/updates';
import { updatePublishedEvent } from './events';
import { invalid, knownId, LIMITS, PAGE_LIMIT, plainText } from './rules';
import { previewOf, sanitiseUpdateHtml, type SanitisedHtml } from './sanitize';

/** An update as the handlers answer it. */
export interface UpdateView {
  id: string;
  title: string;
  contentHtml: string;
  preview: string;
  status: UpdateStatus;
  publishAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface UpdatePage {
  data: UpdateView[];
  pagination: Pagination;
}

const STATUSES: readonly UpdateStatus[] = ['draft', 'scheduled', 'published'];
const MS_PER_YEAR = 365.25 * 24 * 3600_000;
const EARLIEST_PUBLISH_DATE = Date.UTC(2000, 0, 1);
/** Due updates announced per scheduler transaction. */
const ANNOUNCE_BATCH = 100;

export function statusAt(publishAt: Date | null, now: Date): UpdateStatus {
  if (publishAt === null) return 'draft';
  return publishAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

function view(record: UpdateRecord, now: Date): UpdateView {
  return {
    id: record.id,
    title: record.title,
    contentHtml: record.contentHtml,
    preview: previewOf(record.contentText),
    status: statusAt(record.publishAt, now),
    publishAt: record.publishAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Update not found');

function title(raw: string): string {
  return plainText(raw, 'title', LIMITS.titleMax);
}

/** Sanitised content, refused when too long as sent or when nothing is left of it. */
function content(raw: string): SanitisedHtml {
  if (raw.trim() === '') throw invalid('content', 'content is required');
  if (raw.length > LIMITS.contentMax) {
    throw invalid('content', `content may be at most ${LIMITS.contentMax} characters`);
  }
  const sanitised = sanitiseUpdateHtml(raw);
  if (sanitised.text === '' && !sanitised.html.includes('<img')) {
    throw invalid('content', 'content has nothing left after removing what is not allowed');
  }
  return sanitised;
}

/** '' is now; else an ISO 8601 date and time with its zone, from 2000 to 5 years ahead. */
function publishDate(raw: string, now: Date): Date {
  if (raw === '') return now;
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
  const at = new Date(raw);
  if (!iso.test(raw) || Number.isNaN(at.getTime())) {
    throw invalid('publishDate', 'publishDate must be an ISO 8601 date and time');
  }
  const latest = now.getTime() + LIMITS.scheduleYearsMax * MS_PER_YEAR;
  if (at.getTime() < EARLIEST_PUBLISH_DATE || at.getTime() > latest) {
    throw invalid('publishDate', 'publishDate must be from 2000 to 5 years from now');
  }
  return at;
}

function statusFilter(raw: string): UpdateStatus | null {
  if (raw === '') return null;
  if (!(STATUSES as readonly string[]).includes(raw)) {
    throw invalid('status', `status must be one of: ${STATUSES.join(', ')}`);
  }
  return raw as UpdateStatus;
}

/**
 * Writing, publishing and reading updates. What is public is decided by the clock at each
 * read (a scheduled update appears by itself); `updates.published` is written once per
 * publication: by `publish` when the update is public at once, else by `announceDue` (the
 * scheduler) when its time has come.
 */
export function createUpdates(deps: {
  store: UpdateStore;
  now: () => Date;
  /** Events were committed: the outbox relay publishes them now. */
  wake: () => void;
  logger: Logger;
}) {
  const { store, now } = deps;

  async function found(id: string): Promise<UpdateRecord> {
    const record = await store.get(knownId(id, 'Update'));
    if (!record) throw notFound();
    return record;
  }

  return {
    async listPublished(input: { page: number; limit: number }): Promise<UpdatePage> {
      const page = pageOf(input, PAGE_LIMIT);
      const at = now();
      const { rows, total } = await store.listPublished(at, page);
      return pageAnswer(
        page,
        total,
        rows.map((r) => view(r, at)),
      );
    },

    /** A public update; a draft or a scheduled one is as unknown. */
    async getPublished(id: string): Promise<UpdateView> {
      const at = now();
      const record = await found(id);
      if (statusAt(record.publishAt, at) !== 'published') throw notFound();
      return view(record, at);
    },

    async list(input: { page: number; limit: number; status: string }): Promise<UpdatePage> {
      const page = pageOf(input, PAGE_LIMIT);
      const status = statusFilter(input.status);
      const at = now();
      const { rows, total } = await store.listAll(status, at, page);
      return pageAnswer(
        page,
        total,
        rows.map((r) => view(r, at)),
      );
    },

    async get(id: string): Promise<UpdateView> {
      return view(await found(id), now());
    },

    async create(input: { title: string; contentHtml: string }, adminId: string) {
      const sanitised = content(input.contentHtml);
      const at = now();
      const record = await store.insert({
        title: title(input.title),
        contentHtml: sanitised.html,
        contentText: sanitised.text,
        adminId,
        at,
      });
      return view(record, at);
    },

    async edit(
      input: { id: string; title?: string; contentHtml?: string },
      adminId: string,
    ): Promise<UpdateView> {
      const id = knownId(input.id, 'Update');
      if (input.title === undefined && input.contentHtml === undefined) {
        throw invalid('title', 'Give a title or content to change');
      }
      const newTitle = input.title === undefined ? undefined : title(input.title);
      const sanitised = input.contentHtml === undefined ? undefined : content(input.contentHtml);
      const at = now();
      const record = await store.edit(
        id,
        { title: newTitle, contentHtml: sanitised?.html, contentText: sanitised?.text },
        adminId,
        at,
      );
      if (!record) throw notFound();
      return view(record, at);
    },

    /**
     * Public now (no date, or one not in the future) or scheduled. A publication that is public
     * at once is announced here, in the transaction that makes it so, unless the update was
     * already public and announced (a new date for a published update is no news).
     */
    async publish(input: { id: string; publishDate: string }, adminId: string) {
      const id = knownId(input.id, 'Update');
      const at = now();
      const publishAt = publishDate(input.publishDate, at);
      const isPublicNow = publishAt.getTime() <= at.getTime();
      const { record, announced } = await store.transaction(async (trx) => {
        const current = await store.lock(trx, id);
        if (!current) throw notFound();
        const wasAnnounced =
          current.announcedAt !== null && statusAt(current.publishAt, at) === 'published';
        const announce = isPublicNow && !wasAnnounced;
        const announcedAt = !isPublicNow ? null : announce ? at : current.announcedAt;
        const saved = await store.setPublication(trx, id, { publishAt, announcedAt }, adminId, at);
        if (announce) {
          await store.writeEvents(trx, [updatePublishedEvent({ ...saved, publishAt }, at)]);
        }
        return { record: saved, announced: announce };
      });
      if (announced) deps.wake();
      return view(record, at);
    },

    /** Back to draft; announced again when published again. */
    async unpublish(id: string, adminId: string): Promise<UpdateView> {
      const known = knownId(id, 'Update');
      const at = now();
      const record = await store.transaction(async (trx) => {
        const current = await store.lock(trx, known);
        if (!current) throw notFound();
        if (current.publishAt === null) return current;
        return store.setPublication(
          trx,
          known,
          { publishAt: null, announcedAt: null },
          adminId,
          at,
        );
      });
      return view(record, at);
    },

    async remove(id: string): Promise<void> {
      if (!(await store.remove(knownId(id, 'Update')))) throw notFound();
    },

    /** The scheduler's step: announces every due, unannounced update; answers how many. */
    async announceDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const at = now();
        const due = await store.transaction(async (trx) => {
          const claimed = await store.claimDue(trx, at, ANNOUNCE_BATCH);
          await store.writeEvents(
            trx,
            claimed.map((u) => updatePublishedEvent({ ...u, publishAt: u.publishAt! }, at)),
          );
          return claimed.length;
        });
        total += due;
        if (due < ANNOUNCE_BATCH) break;
      }
      if (total > 0) {
        deps.logger.info({ announced: total }, 'scheduled updates announced');
        deps.wake();
      }
      return total;
    },
  };
}

export type Updates = ReturnType<typeof createUpdates>;
