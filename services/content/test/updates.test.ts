import { perFile } from '@ballmatch/platform/testing';
import { draft, failure, published, startContent } from './harness';

const h = perFile(startContent);
// Each test reads the feed from nothing.
beforeEach(async () => {
  await h.db('updates').delete();
  h.clock.set('2026-03-02T10:00:00.000Z');
});

const HOUR = 3600_000;
/** An ISO date `hours` from the clock's now (negative: before). */
const hoursFromNow = (hours: number) => new Date(h.clock.nowMs() + hours * HOUR).toISOString();

describe('the public feed pages', () => {
  it('is empty: no data and no pages, whatever page is asked', async () => {
    for (const page of [0, 1, 3]) {
      expect(await h.updates.listPublishedUpdates({ page, limit: 0 })).toEqual({
        data: [],
        pagination: {
          currentPage: page || 1,
          totalPages: 0,
          total: 0,
          hasNextPage: false,
          hasPrevPage: page > 1,
        },
      });
    }
  });

  it('fits on one page, newest publish date first, without content', async () => {
    await published(h, 'Oldest', hoursFromNow(-3));
    await published(h, 'Newest', hoursFromNow(-1));
    await published(h, 'Middle', hoursFromNow(-2));
    const first = await h.updates.listPublishedUpdates({ page: 1, limit: 10 });
    expect(first.data.map((u) => u.title)).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(first.data[0]).toMatchObject({
      contentHtml: '',
      preview: 'About Newest.',
      status: 'published',
      publishDate: hoursFromNow(-1),
    });
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      total: 3,
      hasNextPage: false,
      hasPrevPage: false,
    });
  });

  it('has a last page and nothing beyond it', async () => {
    for (let i = 1; i <= 23; i += 1) await published(h, `Update ${i}`, hoursFromNow(-100 + i));
    const page = (n: number) => h.updates.listPublishedUpdates({ page: n, limit: 0 });

    const first = await page(1);
    expect(first.data.map((u) => u.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Update ${23 - i}`),
    );
    expect(first.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      total: 23,
      hasNextPage: true,
      hasPrevPage: false,
    });
    const last = await page(3);
    expect(last.data.map((u) => u.title)).toEqual(['Update 3', 'Update 2', 'Update 1']);
    expect(last.pagination).toMatchObject({
      currentPage: 3,
      hasNextPage: false,
      hasPrevPage: true,
    });
    const beyond = await page(4);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({
      currentPage: 4,
      totalPages: 3,
      total: 23,
      hasNextPage: false,
      hasPrevPage: true,
    });
    // The 'NEW' badge reads the five newest.
    const newest = await h.updates.listPublishedUpdates({ page: 1, limit: 5 });
    expect(newest.data.map((u) => u.title)).toEqual([
      'Update 23',
      'Update 22',
      'Update 21',
      'Update 20',
      'Update 19',
    ]);
  });

  it('refuses a page below 1 and a limit outside 1 to 50, naming the field', async () => {
    const cases: [number, number, string, string][] = [
      [-1, 10, 'page', 'page must be a whole number of at least 1'],
      [1, 51, 'limit', 'limit must be a whole number from 1 to 50'],
      [1, -5, 'limit', 'limit must be a whole number from 1 to 50'],
    ];
    for (const [page, limit, field, message] of cases) {
      expect(await failure(h.updates.listPublishedUpdates({ page, limit }))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message,
        details: { field },
      });
    }
    expect((await h.updates.listPublishedUpdates({ page: 1, limit: 50 })).data).toEqual([]);
  });
});

describe('drafts and scheduled updates', () => {
  it('stay invisible to the public until their time, then appear by themselves', async () => {
    const hidden = await draft(h, 'Draft');
    const scheduled = await published(h, 'Scheduled', hoursFromNow(1));
    const live = await published(h, 'Live');
    expect(hidden).toMatchObject({ status: 'draft', publishDate: '' });
    expect(scheduled).toMatchObject({ status: 'scheduled', publishDate: hoursFromNow(1) });
    expect(live).toMatchObject({ status: 'published', publishDate: hoursFromNow(0) });

    const titles = async () =>
      (await h.updates.listPublishedUpdates({ page: 1, limit: 10 })).data.map((u) => u.title);
    expect(await titles()).toEqual(['Live']);
    expect((await h.updates.listPublishedUpdates({ page: 0, limit: 0 })).pagination!.total).toBe(1);
    for (const id of [hidden.id, scheduled.id]) {
      expect(await failure(h.updates.getPublishedUpdate({ id }))).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Update not found',
      });
    }

    h.clock.advance(HOUR - 1);
    expect(await titles()).toEqual(['Live']);
    h.clock.advance(1);
    expect(await titles()).toEqual(['Scheduled', 'Live']);
    const shown = (await h.updates.getPublishedUpdate({ id: scheduled.id })).update!;
    expect(shown).toMatchObject({
      title: 'Scheduled',
      contentHtml: '<p>About Scheduled.</p>',
      status: 'published',
    });
    expect(await failure(h.updates.getPublishedUpdate({ id: hidden.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('are all in the admin list: drafts first, then by publish date; by status on request', async () => {
    const live = await published(h, 'Live', hoursFromNow(-1));
    const scheduled = await published(h, 'Scheduled', hoursFromNow(2));
    const hidden = await draft(h, 'Draft');
    const list = async (status = '') =>
      (await h.updatesAdmin.listUpdates({ page: 1, limit: 10, status })).data.map((u) => [
        u.title,
        u.status,
      ]);
    expect(await list()).toEqual([
      ['Draft', 'draft'],
      ['Scheduled', 'scheduled'],
      ['Live', 'published'],
    ]);
    expect(await list('draft')).toEqual([['Draft', 'draft']]);
    expect(await list('scheduled')).toEqual([['Scheduled', 'scheduled']]);
    expect(await list('published')).toEqual([['Live', 'published']]);
    expect(
      await failure(h.updatesAdmin.listUpdates({ page: 0, limit: 0, status: 'live' })),
    ).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'status must be one of: draft, scheduled, published',
      details: { field: 'status' },
    });
    for (const u of [live, scheduled, hidden]) {
      expect((await h.updatesAdmin.getUpdate({ id: u.id })).update).toMatchObject({
        id: u.id,
        contentHtml: `<p>About ${u.title}.</p>`,
      });
    }
  });
});

describe('admins edit, unpublish and delete', () => {
  it('an edit changes title or content and keeps the publication', async () => {
    const live = await published(h, 'Live', hoursFromNow(-1));
    h.clock.advance(1000);
    const renamed = (await h.updatesAdmin.editUpdate({ id: live.id, title: '  Renamed  ' }))
      .update!;
    expect(renamed).toMatchObject({
      title: 'Renamed',
      contentHtml: live.contentHtml,
      status: 'published',
      publishDate: live.publishDate,
      createdAt: live.createdAt,
      updatedAt: hoursFromNow(0),
    });
    const rewritten = (
      await h.updatesAdmin.editUpdate({ id: live.id, contentHtml: '<p onclick="x()">New</p>' })
    ).update!;
    expect(rewritten).toMatchObject({
      title: 'Renamed',
      contentHtml: '<p>New</p>',
      preview: 'New',
    });
    expect(await failure(h.updatesAdmin.editUpdate({ id: live.id }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'Give a title or content to change',
    });
  });

  it('unpublishing makes a draft again; deleting removes it', async () => {
    const live = await published(h, 'Live');
    const back = (await h.updatesAdmin.unpublishUpdate({ id: live.id })).update!;
    expect(back).toMatchObject({ status: 'draft', publishDate: '' });
    expect((await h.updatesAdmin.unpublishUpdate({ id: live.id })).update).toEqual(back);
    expect((await h.updates.listPublishedUpdates({ page: 0, limit: 0 })).data).toEqual([]);
    expect(await failure(h.updates.getPublishedUpdate({ id: live.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });

    expect(await h.updatesAdmin.deleteUpdate({ id: live.id })).toEqual({ deleted: true });
    for (const call of [
      () => h.updatesAdmin.deleteUpdate({ id: live.id }),
      () => h.updatesAdmin.getUpdate({ id: live.id }),
      () => h.updatesAdmin.publishUpdate({ id: live.id, publishDate: '' }),
      () => h.updatesAdmin.editUpdate({ id: live.id, title: 'Gone' }),
      () => h.updatesAdmin.getUpdate({ id: 'not-a-uuid' }),
      () => h.updates.getPublishedUpdate({ id: 'not-a-uuid' }),
    ]) {
      expect(await failure(call())).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Update not found',
      });
    }
  });
});

describe('fields are checked, each naming its field', () => {
  const cases: [string, { title?: string; contentHtml?: string }, string, string][] = [
    ['no title', { title: '   ' }, 'title', 'title is required'],
    ['a long title', { title: 'x'.repeat(201) }, 'title', 'title may be at most 200 characters'],
    [
      'a title with a newline',
      { title: 'Two\nlines' },
      'title',
      'title must not contain control characters',
    ],
    ['no content', { contentHtml: ' ' }, 'content', 'content is required'],
    [
      'too much content',
      { contentHtml: `<p>${'x'.repeat(100_000)}</p>` },
      'content',
      'content may be at most 100000 characters',
    ],
    [
      'content that is only a script',
      { contentHtml: '<script>alert(1)</script><iframe src="https://evil.example"></iframe>' },
      'content',
      'content has nothing left after removing what is not allowed',
    ],
  ];
  it.each(cases)('%s', async (_name, change, field, message) => {
    const input = { title: 'A title', contentHtml: '<p>Text</p>', ...change };
    expect(await failure(h.updatesAdmin.createUpdate(input))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
      details: { field },
    });
  });

  it('a title of 200 characters and an image alone are enough', async () => {
    const made = await h.updatesAdmin.createUpdate({
      title: 'é'.repeat(200),
      contentHtml: '<img src="https://cdn.example.com/a.png" alt="Season art">',
    });
    expect(made.update).toMatchObject({
      contentHtml: '<img src="https://cdn.example.com/a.png" alt="Season art" />',
      preview: '',
    });
  });

  it('a publish date must be ISO 8601 with its zone, from 2000 to 5 years ahead', async () => {
    const made = await draft(h, 'Dated');
    const publish = (publishDate: string) =>
      h.updatesAdmin.publishUpdate({ id: made.id, publishDate });
    for (const bad of ['tomorrow', '2026-03-03', '2026-03-03T10:00:00', '2026-13-40T10:00:00Z']) {
      expect(await failure(publish(bad))).toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: 'publishDate must be an ISO 8601 date and time',
        details: { field: 'publishDate' },
      });
    }
    for (const far of ['1999-12-31T23:59:59Z', '2031-03-03T10:00:00Z']) {
      expect(await failure(publish(far))).toMatchObject({
        message: 'publishDate must be from 2000 to 5 years from now',
      });
    }
    expect((await publish('2026-03-02T12:00:00+02:00')).update).toMatchObject({
      status: 'published',
      publishDate: '2026-03-02T10:00:00.000Z',
    });
  });
});
