import { TestClock } from '@ballmatch/platform/testing';
import { signedInAdmin, signedInPlayer, type Client } from './ads-support';
import { client, EMPTY_PAGE, stackPerFile } from './stack';
import { TEST_INDEX_HTML } from './web-build';

/**
 * Updates and feedback over HTTP (docs/api.md 'Updates and feedback'): the public feed and its
 * pages, what admins write and when it shows, the contact form's checks and its limit per
 * address, the inbox, and every admin route refused to guests (401) and players (403).
 */

let admin: Client;
let player: Client;
const contentClock = new TestClock();

// X-Forwarded-For is trusted, so each test sends feedback from an address of its own.
const stack = stackPerFile({ TRUST_PROXY: '1' }, { contentClock: contentClock.now });
beforeAll(async () => {
  admin = await signedInAdmin(stack.url);
  player = await signedInPlayer(stack.url, 'news_reader');
}, 60_000);

const anyId = '00000000-0000-4000-8000-000000000000';
const HOUR = 3600_000;

async function createUpdate(title: string, content = `<p>About ${title}.</p>`) {
  const res = await admin.post('/api/admin/updates', { title, content });
  expect(res.status).toBe(201);
  return res.json as { id: string; title: string; content: string; status: string };
}

async function publishUpdate(title: string, publishDate?: string) {
  const made = await createUpdate(title);
  const res = await admin.post(`/api/admin/updates/${made.id}/publish`, { publishDate });
  expect(res.status).toBe(200);
  return res.json as { id: string; publishDate: string; status: string };
}

describe('admin routes answer admins only', () => {
  const routes: [string, string][] = [
    ['GET', '/api/admin/updates'],
    ['GET', `/api/admin/updates/${anyId}`],
    ['POST', '/api/admin/updates'],
    ['PUT', `/api/admin/updates/${anyId}`],
    ['PATCH', `/api/admin/updates/${anyId}`],
    ['POST', `/api/admin/updates/${anyId}/publish`],
    ['POST', `/api/admin/updates/${anyId}/unpublish`],
    ['DELETE', `/api/admin/updates/${anyId}`],
    ['GET', '/api/admin/feedback'],
    ['POST', `/api/admin/feedback/${anyId}/read`],
    ['POST', `/api/admin/feedback/${anyId}/unread`],
    ['POST', `/api/admin/feedback/${anyId}/archive`],
    ['POST', `/api/admin/feedback/${anyId}/unarchive`],
  ];
  it.each(routes)('%s %s: 401 for a guest, 403 for a player', async (method, path) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : {};
    const send = (c: Client) =>
      fetch(stack.url + path, {
        method,
        headers: {
          ...(c.cookie ? { cookie: c.cookie } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body && JSON.stringify(body),
      });
    const guest = await send(client(stack.url));
    expect([guest.status, await guest.json()]).toEqual([401, { message: 'Not authenticated' }]);
    const asPlayer = await send(player);
    expect([asPlayer.status, await asPlayer.json()]).toEqual([
      403,
      { message: 'Admin access required' },
    ]);
  });
});

describe('updates', () => {
  beforeEach(async () => {
    contentClock.set('2026-03-02T10:00:00.000Z');
    // Each test reads the feed from nothing.
    const all = await admin.get('/api/admin/updates?limit=50');
    for (const u of (all.json.data as { id: string }[]) ?? []) {
      await admin.delete(`/api/admin/updates/${u.id}`);
    }
  });

  it('an admin writes a draft (sanitised), publishes it, edits, unpublishes and deletes it', async () => {
    const made = await createUpdate(
      'Season 3',
      '<p onclick="steal()">Big <b>news</b><script>alert(1)</script></p><a href="javascript:x">x</a>',
    );
    expect(made).toEqual({
      id: expect.any(String),
      title: 'Season 3',
      content: '<p>Big <strong>news</strong></p>x',
      preview: 'Big news x',
      status: 'draft',
      publishDate: null,
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:00:00.000Z',
    });
    expect((await client(stack.url).get('/api/updates')).json).toEqual(EMPTY_PAGE);
    expect((await client(stack.url).get(`/api/updates/${made.id}`)).status).toBe(404);

    const published = await admin.post(`/api/admin/updates/${made.id}/publish`, {});
    expect(published.json).toMatchObject({
      status: 'published',
      publishDate: '2026-03-02T10:00:00.000Z',
    });
    const guest = client(stack.url);
    expect((await guest.get('/api/updates')).json.data).toEqual([
      {
        id: made.id,
        title: 'Season 3',
        preview: 'Big news x',
        publishDate: '2026-03-02T10:00:00.000Z',
      },
    ]);
    expect((await guest.get(`/api/updates/${made.id}`)).json).toEqual({
      id: made.id,
      title: 'Season 3',
      content: '<p>Big <strong>news</strong></p>x',
      preview: 'Big news x',
      publishDate: '2026-03-02T10:00:00.000Z',
    });

    const put = await admin.put(`/api/admin/updates/${made.id}`, {
      title: 'Season 3 starts',
      content: '<p>Monday</p>',
    });
    expect(put.json).toMatchObject({ title: 'Season 3 starts', content: '<p>Monday</p>' });
    expect(
      (await admin.put(`/api/admin/updates/${made.id}`, { title: 'No content' })).json,
    ).toEqual({ message: 'content is required', field: 'content' });
    const patched = await admin.patch(`/api/admin/updates/${made.id}`, { title: 'Season 3!' });
    expect(patched.json).toMatchObject({
      title: 'Season 3!',
      content: '<p>Monday</p>',
      status: 'published',
    });

    const unpublished = await admin.post(`/api/admin/updates/${made.id}/unpublish`);
    expect(unpublished.json).toMatchObject({ status: 'draft', publishDate: null });
    expect((await guest.get(`/api/updates/${made.id}`)).json).toEqual({
      message: 'Update not found',
    });
    expect((await admin.delete(`/api/admin/updates/${made.id}`)).json).toEqual({ deleted: true });
    expect((await admin.get(`/api/admin/updates/${made.id}`)).status).toBe(404);
  });

  it('a scheduled update shows when the content service’s clock reaches its date', async () => {
    const scheduled = await publishUpdate('Later', '2026-03-02T11:00:00Z');
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      publishDate: '2026-03-02T11:00:00.000Z',
    });
    const guest = client(stack.url);
    expect((await guest.get(`/api/updates/${scheduled.id}`)).status).toBe(404);
    expect((await guest.get('/api/updates')).json.data).toEqual([]);
    contentClock.advance(HOUR);
    expect((await guest.get(`/api/updates/${scheduled.id}`)).status).toBe(200);
    expect((await guest.get('/api/updates')).json.pagination).toMatchObject({ total: 1 });
    const listed = await admin.get('/api/admin/updates?status=published');
    expect((listed.json.data as { id: string }[]).map((u) => u.id)).toEqual([scheduled.id]);
  });

  it('pages: 10 by default, the last page, beyond it, and the limits', async () => {
    for (let i = 1; i <= 12; i += 1) {
      await publishUpdate(`News ${i}`, new Date(Date.UTC(2026, 1, i)).toISOString());
    }
    const guest = client(stack.url);
    const first = await guest.get('/api/updates');
    expect((first.json.data as unknown[]).length).toBe(10);
    expect(first.json.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      total: 12,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = await guest.get('/api/updates?page=2');
    expect((last.json.data as { title: string }[]).map((u) => u.title)).toEqual([
      'News 2',
      'News 1',
    ]);
    expect(last.json.pagination).toMatchObject({ hasNextPage: false, hasPrevPage: true });
    const beyond = await guest.get('/api/updates?page=3&limit=10');
    expect(beyond.json).toEqual({
      data: [],
      pagination: {
        currentPage: 3,
        totalPages: 2,
        total: 12,
        hasNextPage: false,
        hasPrevPage: true,
      },
    });
    expect((await guest.get('/api/updates?limit=5')).json.pagination).toMatchObject({
      totalPages: 3,
    });
    const refusals: [string, string, string][] = [
      ['?page=0', 'page must be a whole number of at least 1', 'page'],
      ['?page=abc', 'page must be a whole number', 'page'],
      ['?limit=51', 'limit must be a whole number from 1 to 50', 'limit'],
      ['?limit=-1', 'limit must be a whole number', 'limit'],
    ];
    for (const [query, message, field] of refusals) {
      const res = await guest.get(`/api/updates${query}`);
      expect([query, res.status, res.json]).toEqual([query, 400, { message, field }]);
    }
  });

  it('refuses bad input with 400 and unknown updates with 404', async () => {
    expect((await admin.post('/api/admin/updates', { title: 'x' })).json).toEqual({
      message: 'content is required',
      field: 'content',
    });
    expect(
      (await admin.post('/api/admin/updates', { title: 'x'.repeat(201), content: 'y' })).json,
    ).toEqual({ message: 'title may be at most 200 characters', field: 'title' });
    expect((await admin.post('/api/admin/updates', { title: 7, content: 'y' })).json).toEqual({
      message: 'title must be text',
      field: 'title',
    });
    const made = await createUpdate('Dated');
    expect(
      (await admin.post(`/api/admin/updates/${made.id}/publish`, { publishDate: 'soon' })).json,
    ).toEqual({ message: 'publishDate must be an ISO 8601 date and time', field: 'publishDate' });
    expect((await admin.get('/api/admin/updates?status=live')).status).toBe(400);
    expect((await admin.get('/api/admin/updates/not-an-id')).json).toEqual({
      message: 'id must be an update id (UUID)',
      field: 'id',
    });
    expect((await admin.delete(`/api/admin/updates/${anyId}`)).status).toBe(404);
    for (const path of [`/api/updates/${anyId}`, '/api/updates/not-an-id']) {
      expect((await client(stack.url).get(path)).json).toEqual({ message: 'Update not found' });
    }
  });

  it('the page /updates/{id}: the app with 200 for a published update, with 404 for any other', async () => {
    const page = async (path: string) => {
      const res = await fetch(stack.url + path);
      return [path, res.status, await res.text()];
    };
    const published = await publishUpdate('On the page');
    const draft = await createUpdate('Not yet');
    expect(await page(`/updates/${published.id}`)).toEqual([
      `/updates/${published.id}`,
      200,
      TEST_INDEX_HTML,
    ]);
    for (const path of [`/updates/${draft.id}`, `/updates/${anyId}`, '/updates/not-an-id']) {
      expect(await page(path)).toEqual([path, 404, TEST_INDEX_HTML]);
    }
  });
});

describe('feedback', () => {
  let addresses = 0;
  /** A client address of its own (the stack trusts X-Forwarded-For). */
  const from = () => {
    addresses += 1;
    return { 'x-forwarded-for': `203.0.113.${addresses}` };
  };
  const message = { name: 'Ann', email: 'ann@example.com', message: 'Love the game!' };

  it('anyone sends a message; it lands in the inbox, unread first; read, archive', async () => {
    contentClock.set('2026-03-02T10:00:00.000Z');
    const headers = from();
    const sent = await client(stack.url).post('/api/feedback', message, headers);
    expect([sent.status, sent.json]).toEqual([
      201,
      { id: expect.any(String), createdAt: '2026-03-02T10:00:00.000Z' },
    ]);
    const id = sent.json.id as string;
    const inbox = await admin.get('/api/admin/feedback');
    expect(inbox.json.unreadCount).toBeGreaterThanOrEqual(1);
    expect((inbox.json.data as { id: string }[])[0]).toEqual({
      id,
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Love the game!',
      clientIp: headers['x-forwarded-for'],
      read: false,
      archived: false,
      createdAt: '2026-03-02T10:00:00.000Z',
      readAt: null,
      archivedAt: null,
    });
    expect((await admin.post(`/api/admin/feedback/${id}/read`)).json).toMatchObject({
      read: true,
      readAt: '2026-03-02T10:00:00.000Z',
    });
    expect((await admin.post(`/api/admin/feedback/${id}/unread`)).json).toMatchObject({
      read: false,
      readAt: null,
    });
    expect((await admin.post(`/api/admin/feedback/${id}/archive`)).json).toMatchObject({
      archived: true,
    });
    const archive = await admin.get('/api/admin/feedback?archived=true');
    expect((archive.json.data as { id: string }[]).map((f) => f.id)).toContain(id);
    expect((await admin.post(`/api/admin/feedback/${id}/unarchive`)).json).toMatchObject({
      archived: false,
      archivedAt: null,
    });
    expect((await admin.get('/api/admin/feedback?archived=maybe')).json).toEqual({
      message: 'archived must be true or false',
      field: 'archived',
    });
    expect((await admin.post('/api/admin/feedback/nope/read')).status).toBe(400);
    expect((await admin.post(`/api/admin/feedback/${anyId}/read`)).json).toEqual({
      message: 'Feedback not found',
    });
  });

  it('refuses bad fields with 400 naming them', async () => {
    const guest = client(stack.url);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...message, name: '' }, 'name is required', 'name'],
      [{ ...message, email: 'not-an-email' }, 'Enter a valid email address', 'email'],
      [
        { ...message, message: 'x'.repeat(5001) },
        'message may be at most 5000 characters',
        'message',
      ],
      [{ name: 'Ann', email: 'ann@example.com' }, 'message is required', 'message'],
      [{ ...message, email: 42 }, 'email must be text', 'email'],
    ];
    for (const [body, text, field] of cases) {
      const res = await guest.post('/api/feedback', body, from());
      expect([res.status, res.json]).toEqual([400, { message: text, field }]);
    }
  });

  it('takes 5 messages an hour from an address: the 6th is 429 with Retry-After', async () => {
    const guest = client(stack.url);
    const headers = from();
    for (let i = 0; i < 5; i += 1) {
      expect((await guest.post('/api/feedback', message, headers)).status).toBe(201);
    }
    const refused = await guest.post('/api/feedback', message, headers);
    expect([refused.status, refused.json]).toEqual([
      429,
      { message: 'Too many messages from your address. Try again in 60 minutes.' },
    ]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another address still gets through.
    expect((await guest.post('/api/feedback', message, from())).status).toBe(201);
  });
});
