import { selectPage, type PageWindow } from '@ballmatch/platform';
import { writeOutbox, type Knex, type OutboxEvent } from '@ballmatch/platform';
import { date, type Raw } from './rows';

/** An update as the store hands it up. */
export interface UpdateRecord {
  id: string;
  title: string;
  /** '' in lists (they never read it). */
  contentHtml: string;
  /** In lists, only its start: enough for a preview. */
  contentText: string;
  /** Null: a draft. */
  publishAt: Date | null;
  /** When updates.published was written for the current publication. */
  announcedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewUpdate {
  title: string;
  contentHtml: string;
  contentText: string;
  adminId: string;
  at: Date;
}

export type UpdateStatus = 'draft' | 'scheduled' | 'published';

function updateRecord(row: Raw): UpdateRecord {
  return {
    id: String(row.id),
    title: String(row.title),
    contentHtml: String(row.content_html ?? ''),
    contentText: String(row.content_text),
    publishAt: date(row.publish_at),
    announcedAt: date(row.announced_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
  };
}

const BASE_COLUMNS = ['id', 'title', 'publish_at', 'announced_at', 'created_at', 'updated_at'];
/** One character past a preview: the list knows whether the text goes on. */
const LIST_TEXT_CHARACTERS = 301;

/** Queries on the content schema's updates. Writes that must be atomic take a transaction. */
export function createUpdateStore(db: Knex) {
  const updates = (q: Knex = db) => q<Raw>('updates');
  const listColumns = [
    ...BASE_COLUMNS,
    db.raw('left(content_text, ?) AS content_text', [LIST_TEXT_CHARACTERS]),
  ];

  /** Which rows a status is, at `now`. */
  function whereStatus(query: Knex.QueryBuilder, status: UpdateStatus | null, now: Date) {
    if (status === 'draft') return query.whereNull('publish_at');
    if (status === 'scheduled') return query.where('publish_at', '>', now);
    if (status === 'published') return query.where('publish_at', '<=', now);
    return query;
  }

  /** A page of a list (its order ends with the id, so pages never overlap) and its total. */
  async function page(query: () => Knex.QueryBuilder, order: string, at: PageWindow) {
    const { rows, total } = await selectPage<Raw>(query, at, (q) =>
      q.select(listColumns).orderByRaw(order),
    );
    return { rows: rows.map(updateRecord), total };
  }

  return {
    transaction: <T>(work: (trx: Knex.Transaction) => Promise<T>) => db.transaction(work),

    /** The public ones at `now`, newest publish date first. */
    listPublished(now: Date, at: PageWindow) {
      return page(() => whereStatus(updates(), 'published', now), 'publish_at DESC, id DESC', at);
    },

    /** Every update (or those of one status): drafts first, then newest publish date first. */
    listAll(status: UpdateStatus | null, now: Date, at: PageWindow) {
      return page(
        () => whereStatus(updates(), status, now),
        'publish_at DESC NULLS FIRST, updated_at DESC, id DESC',
        at,
      );
    },

    async get(id: string): Promise<UpdateRecord | null> {
      const row = (await updates().where({ id }).first()) as Raw | undefined;
      return row ? updateRecord(row) : null;
    },

    /** The update, locked until the transaction ends: publishing and announcing wait on it. */
    async lock(trx: Knex.Transaction, id: string): Promise<UpdateRecord | null> {
      const row = (await updates(trx).where({ id }).forUpdate().first()) as Raw | undefined;
      return row ? updateRecord(row) : null;
    },

    async insert(update: NewUpdate): Promise<UpdateRecord> {
      const [row] = (await updates()
        .insert({
          title: update.title,
          content_html: update.contentHtml,
          content_text: update.contentText,
          created_by: update.adminId,
          updated_by: update.adminId,
          created_at: update.at,
          updated_at: update.at,
        })
        .returning('*')) as Raw[];
      return updateRecord(row!);
    },

    /** New title and/or content; null when there is no such update. */
    async edit(
      id: string,
      change: { title?: string; contentHtml?: string; contentText?: string },
      adminId: string,
      at: Date,
    ): Promise<UpdateRecord | null> {
      const [row] = (await updates()
        .where({ id })
        .update({
          ...(change.title !== undefined && { title: change.title }),
          ...(change.contentHtml !== undefined && {
            content_html: change.contentHtml,
            content_text: change.contentText,
          }),
          updated_by: adminId,
          updated_at: at,
        })
        .returning('*')) as Raw[];
      return row ? updateRecord(row) : null;
    },

    /** Sets when it is public (null: a draft) and whether that publication was announced. */
    async setPublication(
      trx: Knex.Transaction,
      id: string,
      publication: { publishAt: Date | null; announcedAt: Date | null },
      adminId: string,
      at: Date,
    ): Promise<UpdateRecord> {
      const [row] = (await updates(trx)
        .where({ id })
        .update({
          publish_at: publication.publishAt,
          announced_at: publication.announcedAt,
          updated_by: adminId,
          updated_at: at,
        })
        .returning('*')) as Raw[];
      return updateRecord(row!);
    },

    async remove(id: string): Promise<boolean> {
      return (await updates().where({ id }).delete()) > 0;
    },

    /**
     * Marks announced (in the caller's transaction) the public ones not announced yet, at most
     * `limit`, and answers them. Rows another replica is announcing, or an admin is publishing,
     * are skipped (SKIP LOCKED), and `announced_at IS NULL` is checked again on the locked row:
     * each publication is announced once, however many replicas look.
     */
    async claimDue(trx: Knex.Transaction, now: Date, limit: number): Promise<UpdateRecord[]> {
      const { rows } = (await trx.raw(
        `UPDATE updates SET announced_at = ?
         WHERE id IN (
           SELECT id FROM updates
           WHERE announced_at IS NULL AND publish_at <= ?
           ORDER BY publish_at
           LIMIT ?
           FOR UPDATE SKIP LOCKED
         ) AND announced_at IS NULL
         RETURNING id, title, publish_at, announced_at, created_at, updated_at,
           '' AS content_text`,
        [now, now, limit],
      )) as { rows: Raw[] };
      return rows.map(updateRecord);
    },

    writeEvents: (trx: Knex.Transaction, events: OutboxEvent[]) => writeOutbox(trx, events),
  };
}

export type UpdateStore = ReturnType<typeof createUpdateStore>;
