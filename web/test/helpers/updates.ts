import type { FetchCall } from './fake-fetch';
import { respond } from './fake-fetch';

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
  return (call: FetchCall) => {
    const query = new URL(call.url, 'http://localhost').searchParams;
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const totalPages = Math.ceil(updates.length / limit);
    return respond(200, {
      data: updates.slice((page - 1) * limit, page * limit),
      pagination: {
        currentPage: page,
        totalPages,
        total: updates.length,
        hasNextPage: page < totalPages,
        hasPrevPage: page > 1,
      },
    });
  };
}
