import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError, parseBody } from '@ballmatch/platform';
import type { contentV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import {
  optionalText,
  pageQuery,
  queryText,
  queryValue,
  requiredText,
  uuidParam,
} from '../validation';

/**
 * Updates (news) and the contact form's feedback (docs/api.md 'Updates and feedback'). The
 * admin paths are under /api/admin, so the gateway's admin guard checks the caller first, and
 * the content service checks again. Shapes only here; the field rules, the sanitiser and the
 * feedback limit are the service's. The text limits below are looser than the service's, so
 * its message is the one shown.
 */

const updateBody = z.object({
  title: requiredText('title', 1000),
  content: requiredText('content', 1_000_000),
});
const updatePatch = z.object({
  title: optionalText('title', 1000),
  content: optionalText('content', 1_000_000),
});
const publishBody = z.object({ publishDate: optionalText('publishDate', 100) });
const feedbackBody = z.object({
  name: requiredText('name', 1000),
  email: requiredText('email', 1000),
  message: requiredText('message', 50_000),
});

/** An update as the public reads it: `content` only when one update is read. */
function publicUpdate(u: contentV1.Update, withContent: boolean) {
  return {
    id: u.id,
    title: u.title,
    ...(withContent && { content: u.contentHtml }),
    preview: u.preview,
    publishDate: u.publishDate,
  };
}

/** An update as admins read it: its status and times too (null when not set). */
function adminUpdate(u: contentV1.Update, withContent: boolean) {
  return {
    ...publicUpdate(u, withContent),
    status: u.status,
    publishDate: u.publishDate || null,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
  };
}

function feedbackJson(f: contentV1.Feedback) {
  return { ...f, readAt: f.readAt || null, archivedAt: f.archivedAt || null };
}

const updateId = (req: Request) => uuidParam(req.params.id, 'id', 'an update id');
const feedbackId = (req: Request) => uuidParam(req.params.id, 'id', 'a feedback id');

/** `?archived=true` is the archive; absent or `false` the inbox. */
function archivedQuery(value: unknown): boolean {
  const text = queryValue(value);
  if (text === undefined || text === 'false') return false;
  if (text === 'true') return true;
  throw new AppError('INVALID_ARGUMENT', 'archived must be true or false', { field: 'archived' });
}

export function contentRoutes(deps: GatewayDeps): Router {
  const { updates, updatesAdmin, feedback, feedbackAdmin } = deps;
  const router = Router();
  const page = (req: Request) => pageQuery(req.query as Record<string, unknown>);

  router.get('/updates', async (req, res) => {
    const answer = await updates.listPublishedUpdates(page(req));
    res.json({
      data: answer.data.map((u) => publicUpdate(u, false)),
      pagination: answer.pagination,
    });
  });

  router.get('/updates/:id', async (req, res) => {
    const { update } = await updates.getPublishedUpdate({ id: String(req.params.id) });
    res.json(publicUpdate(update!, true));
  });

  router.get('/admin/updates', async (req, res) => {
    const answer = await updatesAdmin.listUpdates({
      ...page(req),
      status: queryText(req.query.status),
    });
    res.json({
      data: answer.data.map((u) => adminUpdate(u, false)),
      pagination: answer.pagination,
    });
  });

  router.get('/admin/updates/:id', async (req, res) => {
    const { update } = await updatesAdmin.getUpdate({ id: updateId(req) });
    res.json(adminUpdate(update!, true));
  });

  router.post('/admin/updates', async (req, res) => {
    const body = parseBody(updateBody, req.body);
    const { update } = await updatesAdmin.createUpdate({
      title: body.title,
      contentHtml: body.content,
    });
    res.status(201).json(adminUpdate(update!, true));
  });

  // PUT gives both fields, PATCH either.
  for (const [method, schema] of [
    ['put', updateBody],
    ['patch', updatePatch],
  ] as const) {
    router[method]('/admin/updates/:id', async (req, res) => {
      const id = updateId(req);
      const body = parseBody(schema, req.body);
      const { update } = await updatesAdmin.editUpdate({
        id,
        title: body.title,
        contentHtml: body.content,
      });
      res.json(adminUpdate(update!, true));
    });
  }

  router.post('/admin/updates/:id/publish', async (req, res) => {
    const id = updateId(req);
    const body = parseBody(publishBody, req.body ?? {});
    const { update } = await updatesAdmin.publishUpdate({
      id,
      publishDate: body.publishDate ?? '',
    });
    res.json(adminUpdate(update!, true));
  });

  router.post('/admin/updates/:id/unpublish', async (req, res) => {
    const { update } = await updatesAdmin.unpublishUpdate({ id: updateId(req) });
    res.json(adminUpdate(update!, true));
  });

  router.delete('/admin/updates/:id', async (req, res) => {
    res.json(await updatesAdmin.deleteUpdate({ id: updateId(req) }));
  });

  router.post('/feedback', async (req, res) => {
    const body = parseBody(feedbackBody, req.body);
    res.status(201).json(await feedback.submitFeedback(body));
  });

  router.get('/admin/feedback', async (req, res) => {
    const answer = await feedbackAdmin.listFeedback({
      ...page(req),
      archived: archivedQuery(req.query.archived),
    });
    res.json({ ...answer, data: answer.data.map(feedbackJson) });
  });

  const marks = {
    read: 'markFeedbackRead',
    unread: 'markFeedbackUnread',
    archive: 'archiveFeedback',
    unarchive: 'unarchiveFeedback',
  } as const;
  for (const [action, method] of Object.entries(marks)) {
    router.post(`/admin/feedback/:id/${action}`, async (req, res) => {
      const { feedback: marked } = await feedbackAdmin[method]({ id: feedbackId(req) });
      res.json(feedbackJson(marked!));
    });
  }

  return router;
}
