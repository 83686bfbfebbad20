import { requireAdmin, requireClientAddress, type AsyncServiceOf } from '@ballmatch/platform';
import type { contentV1 } from '@ballmatch/proto';
import type { FeedbackInbox } from '../domain/feedback';
import type { UpdatePage, Updates, UpdateView } from '../domain/updates';
import type { FeedbackRecord } from '../store/feedback';

/** Proto <-> domain. No rules here: they live in domain/. */
export function toUpdate(u: UpdateView): contentV1.Update {
  return {
    id: u.id,
    title: u.title,
    contentHtml: u.contentHtml,
    preview: u.preview,
    status: u.status,
    publishDate: u.publishAt?.toISOString() ?? '',
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

const toPage = (page: UpdatePage) => ({
  data: page.data.map(toUpdate),
  pagination: page.pagination,
});

const one = async (update: Promise<UpdateView>) => ({ update: toUpdate(await update) });

export function toFeedback(f: FeedbackRecord): contentV1.Feedback {
  return {
    id: f.id,
    name: f.name,
    email: f.email,
    message: f.message,
    clientIp: f.clientIp,
    read: f.readAt !== null,
    archived: f.archivedAt !== null,
    createdAt: f.createdAt.toISOString(),
    readAt: f.readAt?.toISOString() ?? '',
    archivedAt: f.archivedAt?.toISOString() ?? '',
  };
}

const oneFeedback = async (feedback: Promise<FeedbackRecord>) => ({
  feedback: toFeedback(await feedback),
});

export interface ContentDomain {
  updates: Updates;
  feedback: FeedbackInbox;
}

export function createUpdatesHandlers(
  d: ContentDomain,
): AsyncServiceOf<typeof contentV1.UpdatesServiceService> {
  return {
    listPublishedUpdates: async (req) => toPage(await d.updates.listPublished(req)),
    getPublishedUpdate: (req) => one(d.updates.getPublished(req.id)),
  };
}

/** Admin only (the server lets no one else in); the admin's id is kept on what they write. */
export function createUpdatesAdminHandlers(
  d: ContentDomain,
): AsyncServiceOf<typeof contentV1.UpdatesAdminServiceService> {
  const { updates } = d;
  return {
    listUpdates: async (req) => toPage(await updates.list(req)),
    getUpdate: (req) => one(updates.get(req.id)),
    createUpdate: (req, ctx) => one(updates.create(req, requireAdmin(ctx).id)),
    editUpdate: (req, ctx) => one(updates.edit(req, requireAdmin(ctx).id)),
    publishUpdate: (req, ctx) => one(updates.publish(req, requireAdmin(ctx).id)),
    unpublishUpdate: (req, ctx) => one(updates.unpublish(req.id, requireAdmin(ctx).id)),
    deleteUpdate: async (req) => {
      await updates.remove(req.id);
      return { deleted: true };
    },
  };
}

export function createFeedbackHandlers(
  d: ContentDomain,
): AsyncServiceOf<typeof contentV1.FeedbackServiceService> {
  return {
    submitFeedback: async (req, ctx) => {
      const stored = await d.feedback.submit({ ...req, clientIp: requireClientAddress(ctx) });
      return { id: stored.id, createdAt: stored.createdAt.toISOString() };
    },
  };
}

export function createFeedbackAdminHandlers(
  d: ContentDomain,
): AsyncServiceOf<typeof contentV1.FeedbackAdminServiceService> {
  const { feedback } = d;
  return {
    listFeedback: async (req) => {
      const page = await feedback.list(req);
      return { ...page, data: page.data.map(toFeedback) };
    },
    markFeedbackRead: (req) => oneFeedback(feedback.markRead(req.id)),
    markFeedbackUnread: (req) => oneFeedback(feedback.markUnread(req.id)),
    archiveFeedback: (req) => oneFeedback(feedback.archive(req.id)),
    unarchiveFeedback: (req) => oneFeedback(feedback.unarchive(req.id)),
  };
}
