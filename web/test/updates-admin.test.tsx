import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toLocalInput } from '@/utils/datetime-local';
import { linkHref } from '@/features/updates-admin/lib/link-href';
import { useApi, respond, sentBody, type ApiCall } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { adminUpdate, fakeUpdatesAdmin, type StoredUpdate } from './helpers/updates';
import { admin } from './helpers/users';

// /admin-updates: the list, the editor, publishing, scheduling, unpublishing, deleting
// (docs/product.md 'Updates').
configure({ asyncUtilTimeout: 5000 });

// jsdom has no layout: the editor asks where a selection is, to scroll it into view.
beforeAll(() => {
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

function serve(updates: StoredUpdate[]) {
  return useApi(fakeUpdatesAdmin(updates), { '/api/user': respond(200, admin) });
}

const sent = (calls: ApiCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

async function row(title: string) {
  const link = await screen.findByRole('link', { name: title });
  return within(link.closest('li')!);
}

describe('/admin-updates', () => {
  it('lists every update with its status, and filters by status', async () => {
    const calls = serve([
      adminUpdate(1),
      adminUpdate(2, { status: 'scheduled', publishDate: '2099-01-01T09:00:00.000Z' }),
      adminUpdate(3, { status: 'published', publishDate: '2026-11-01T09:00:00.000Z' }),
    ]);
    renderApp('/admin-updates');
    expect(await screen.findByRole('heading', { name: 'Manage Updates', level: 1 })).toBeTruthy();
    expect((await row('Update number 1')).getByText('Draft')).toBeTruthy();
    expect((await row('Update number 1')).getByText('Not public')).toBeTruthy();
    expect((await row('Update number 2')).getByText(/^Goes public/)).toBeTruthy();
    const published = await row('Update number 3');
    expect(published.getByText(/^Public since/)).toBeTruthy();
    expect(published.getByRole('link', { name: /^View/ }).getAttribute('href')).toBe(
      `/updates/${adminUpdate(3).id}`,
    );
    expect(published.queryByRole('button', { name: /^Publish now/ })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Scheduled' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Update number 1' })).toBeNull());
    expect(sent(calls, 'GET', '/api/admin/updates').at(-1)!.url).toBe(
      '/api/admin/updates?page=1&limit=20&status=scheduled',
    );
    expect(screen.getByRole('link', { name: 'Update number 2' })).toBeTruthy();
  });

  it('publishes a draft now and unpublishes it again from the list', async () => {
    const updates = [adminUpdate(1)];
    const calls = serve(updates);
    renderApp('/admin-updates');
    const user = userEvent.setup();
    await user.click((await row('Update number 1')).getByRole('button', { name: /^Publish now/ }));
    expect(await screen.findByText('Update published')).toBeTruthy();
    expect(await (await row('Update number 1')).findByText('Published')).toBeTruthy();
    expect(
      sentBody(sent(calls, 'POST', `/api/admin/updates/${updates[0]!.id}/publish`)[0]!),
    ).toEqual({});

    await user.click((await row('Update number 1')).getByRole('button', { name: /^Unpublish/ }));
    expect(await screen.findByText('Update unpublished')).toBeTruthy();
    expect(await (await row('Update number 1')).findByText('Draft')).toBeTruthy();
  });

  it('deletes only after asking', async () => {
    const updates = [adminUpdate(1), adminUpdate(2)];
    const calls = serve(updates);
    renderApp('/admin-updates');
    const user = userEvent.setup();
    await user.click((await row('Update number 1')).getByRole('button', { name: /^Delete/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete this update?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(sent(calls, 'DELETE', `/api/admin/updates/${updates[0]!.id}`)).toHaveLength(0);

    await user.click((await row('Update number 1')).getByRole('button', { name: /^Delete/ }));
    const again = within(await screen.findByRole('dialog', { name: 'Delete this update?' }));
    await user.click(again.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Update number 1' })).toBeNull());
    expect(screen.getByText('Update deleted')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update number 2' })).toBeTruthy();
  });

  it('writes a new update with the editor and saves it as a draft', async () => {
    const updates: StoredUpdate[] = [];
    const calls = serve(updates);
    const { router } = renderApp('/admin-updates');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Write an update' }));
    expect(await screen.findByRole('heading', { name: 'New Update', level: 1 })).toBeTruthy();

    // Nothing is sent without a title and a text.
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(screen.getByText('Give the update a title.')).toBeTruthy();
    expect(screen.getByText('Write the text of the update.')).toBeTruthy();
    expect(sent(calls, 'POST', '/api/admin/updates')).toHaveLength(0);

    await user.type(screen.getByLabelText('Title'), 'Season 3 starts Monday');
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    act(() => editor.focus()); // jsdom has no layout for a click to place the cursor by
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    await user.keyboard('New prizes');
    await waitFor(() => expect(editor.querySelector('strong')?.textContent).toBe('New prizes'));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Draft saved')).toBeTruthy();
    const [create] = sent(calls, 'POST', '/api/admin/updates');
    expect(sentBody(create!)).toEqual({
      title: 'Season 3 starts Monday',
      content: '<p><strong>New prizes</strong></p>',
    });
    await waitFor(() => expect(router.state.location.search).toBe(`?edit=${updates[0]!.id}`));
    expect(await screen.findByRole('heading', { name: 'Edit Update', level: 1 })).toBeTruthy();
  });

  it('edits a saved update and publishes it, saving the text first', async () => {
    const updates = [adminUpdate(1, { content: '<p>Old text</p>' })];
    const calls = serve(updates);
    const { router } = renderApp(`/admin-updates?edit=${updates[0]!.id}`);
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Update number 1');
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    expect(editor.textContent).toBe('Old text');
    expect(
      (screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.clear(title);
    await user.type(title, 'A better title');
    await user.click(screen.getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Update published')).toBeTruthy();
    const id = updates[0]!.id;
    expect(sentBody(sent(calls, 'PUT', `/api/admin/updates/${id}`)[0]!)).toEqual({
      title: 'A better title',
      content: '<p>Old text</p>',
    });
    expect(sent(calls, 'POST', `/api/admin/updates/${id}/publish`)).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((await row('A better title')).getByText('Published')).toBeTruthy();
  });

  it("keeps an update's images (those the server keeps) when its text is edited", async () => {
    const hosted = 'https://cdn.example.com/dice.png';
    const media = '/api/media/0f8fad5b-d9cb-469f-a165-70867728950e';
    const updates = [
      adminUpdate(1, {
        content: `<p>Before</p><img src="${hosted}" alt="dice"><img src="${media}"><img src="data:image/png;base64,AAAA">`,
      }),
    ];
    const calls = serve(updates);
    renderApp(`/admin-updates?edit=${updates[0]!.id}`);
    const user = userEvent.setup();
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    expect([...editor.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      hosted,
      media,
    ]);
    act(() => editor.focus());
    await user.keyboard('Now ');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved')).toBeTruthy();
    const { content } = sentBody(
      sent(calls, 'PUT', `/api/admin/updates/${updates[0]!.id}`)[0]!,
    ) as {
      content: string;
    };
    expect(content).toContain(`<img src="${hosted}" alt="dice">`);
    expect(content).toContain(`<img src="${media}">`);
    expect(content).not.toContain('data:');
  });

  it('schedules an update for a time it picks, refusing one in the past', async () => {
    const updates = [adminUpdate(1)];
    const calls = serve(updates);
    renderApp(`/admin-updates?edit=${updates[0]!.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Schedule...' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Schedule the update' }));
    // user-event cannot type into a datetime-local input; a change event is what the browser sends.
    const when = dialog.getByLabelText('Publish at');
    fireEvent.change(when, { target: { value: '2020-01-01T09:00' } });
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(dialog.getByText('Choose a time in the future, or publish now.')).toBeTruthy();

    const inAMonth = toLocalInput(new Date(Date.now() + 30 * 24 * 3600_000));
    fireEvent.change(when, { target: { value: inAMonth } });
    await user.click(dialog.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Update scheduled')).toBeTruthy();
    const [publish] = sent(calls, 'POST', `/api/admin/updates/${updates[0]!.id}/publish`);
    expect(sentBody(publish!)).toEqual({
      publishDate: new Date(inAMonth).toISOString(),
    });
    expect(sent(calls, 'PUT', `/api/admin/updates/${updates[0]!.id}`)).toHaveLength(0);
    expect((await row('Update number 1')).getByText('Scheduled')).toBeTruthy();
  });

  it("shows the server's refusal under the field it names", async () => {
    const updates = [adminUpdate(1)];
    useApi(
      (call) =>
        call.method === 'PUT'
          ? respond(400, {
              message: 'content has nothing left after removing what is not allowed',
              field: 'content',
            })
          : null,
      fakeUpdatesAdmin(updates),
      { '/api/user': respond(200, admin) },
    );
    renderApp(`/admin-updates?edit=${updates[0]!.id}`);
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('content has nothing left after removing what is not allowed'),
    ).toBeTruthy();
    const editor = screen.getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(editor.getAttribute('aria-invalid')).toBe('true'));
  });
});

describe("the editor's links", () => {
  it.each([
    ['https://example.com/news', 'https://example.com/news'],
    ['example.com', 'https://example.com'],
    ['/faq', '/faq'],
    ['mailto:team@example.com', 'mailto:team@example.com'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['news', null],
    ['ftp://example.com', null],
    ['not a link', null],
  ])('%s becomes %s', (typed, kept) => {
    expect(linkHref(typed)).toBe(kept);
  });

  it('links the selected text, and refuses an address the server would drop', async () => {
    const updates = [adminUpdate(1, { content: '<p>Read the FAQ</p>' })];
    serve(updates);
    renderApp(`/admin-updates?edit=${updates[0]!.id}`);
    const user = userEvent.setup();
    const editor = await screen.findByRole('textbox', { name: 'Text' });
    act(() => editor.focus());
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByLabelText('Link address');
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByText(/^Enter a web address/)).toBeTruthy();
    await user.clear(address);
    await user.type(address, '/faq{Enter}');
    await waitFor(() => expect(editor.querySelector('a')?.getAttribute('href')).toBe('/faq'));
    expect(editor.querySelector('a')?.textContent).toBe('Read the FAQ');
  });
});
