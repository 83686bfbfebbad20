import { pageOf, respond, type ApiCall } from './api-server';

/** A published update as the public list answers it (no content). */
export function publishedUpdate(n: number) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Update number ${n}`,
    preview: `What changed in update ${n}...`,
    publishDate: new Date(Date.UTC(2026, 10, 30 - n, 12)).toISOString(),
  };
}

/** GET /api/updates over `updates` (newest first), paged as the server pages them. */
export function updatesFeed(updates: ReturnType<typeof publishedUpdate>[]) {
  return (call: ApiCall) => {
    const query = new URL(call.url, 'http://localhost').searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    return respond(200, pageOf(updates, page, limit));
  };
}

type Status = 'draft' | 'scheduled' | 'published';

export interface StoredUpdate {
  id: string;
  title: string;
  content: string;
  preview: string;
  status: Status;
  publishDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A draft as the admin API answers it. */
export function adminUpdate(n: number, overrides: Partial<StoredUpdate> = {}): StoredUpdate {
  return {
    id: publishedUpdate(n).id,
    title: `Update number ${n}`,
    content: `<p>What changed in update ${n}</p>`,
    preview: `What changed in update ${n}`,
    status: 'draft',
    publishDate: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * The admin's update routes over an in-memory list, following docs/api.md 'Updates (news)'
 * (enough of it for the pages: no sanitising; the preview is the text without its tags).
 * Answers only /api/admin/updates paths; null for any other.
 */
export function fakeUpdatesAdmin(updates: StoredUpdate[], now = () => Date.now()) {
  let next = 100;
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const stamp = () => new Date(now()).toISOString();
  const body = (call: ApiCall) =>
    JSON.parse(typeof call.body === 'string' ? call.body : '{}') as Record<
      string,
      string | undefined
    >;

  function list(query: URLSearchParams) {
    const status = query.get('status');
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const all = updates.filter((u) => !status || u.status === status);
    return respond(
      200,
      pageOf(
        all.map(({ content: _, ...rest }) => rest),
        page,
        limit,
      ),
    );
  }

  function change(update: StoredUpdate, changes: Partial<StoredUpdate>) {
    Object.assign(update, changes, { updatedAt: stamp() });
    return respond(200, update);
  }

  return (call: ApiCall): Response | null => {
    const url = new URL(call.url, 'http://localhost');
    const method = call.method;
    const [, id, action] =
      /^\/api\/admin\/updates(?:\/([^/]+)(?:\/(publish|unpublish))?)?$/.exec(url.pathname) ?? [];
    if (!url.pathname.startsWith('/api/admin/updates')) return null;
    if (!id) {
      if (method === 'GET') return list(url.searchParams);
      const { title = '', content = '' } = body(call);
      const created = adminUpdate(next++, {
        title,
        content,
        preview: text(content),
        createdAt: stamp(),
        updatedAt: stamp(),
      });
      updates.unshift(created);
      return respond(201, created);
    }
    const update = updates.find((u) => u.id === id);
    if (!update) return respond(404, { message: 'Update not found' });
    if (action === 'publish') {
      const date = body(call).publishDate;
      const ahead = date !== undefined && Date.parse(date) > now();
      return change(update, {
        status: ahead ? 'scheduled' : 'published',
        publishDate: ahead ? date : stamp(),
      });
    }
    if (action === 'unpublish') return change(update, { status: 'draft', publishDate: null });
    if (method === 'PUT') {
      const { title = '', content = '' } = body(call);
      return change(update, { title, content, preview: text(content) });
    }
    if (method === 'DELETE') {
      updates.splice(updates.indexOf(update), 1);
      return respond(200, { deleted: true });
    }
    return respond(200, update);
  };
}
