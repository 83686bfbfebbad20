import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { READ_UPDATES_KEY, resetReadUpdates } from '@/features/updates/lib/read-updates';
import { useApi, respond, type ApiCall } from './helpers/api-server';
import { FakeWebSocket } from './helpers/fake-websocket';
import { findLoadError } from './helpers/load-error';
import { renderApp } from './helpers/render-app';
import { startTestClock } from './helpers/test-clock';
import { publishedUpdate, updatesFeed } from './helpers/updates';

// /updates, /updates/{id} and the header's 'NEW' badge (docs/product.md 'Updates').
configure({ asyncUtilTimeout: 5000 });

const many = Array.from({ length: 23 }, (_, i) => publishedUpdate(i + 1));

function serve(feed: (call: ApiCall) => ReturnType<typeof respond>, extra = {}) {
  return useApi({ '/api/updates': feed, ...extra });
}

const updatesCalls = (calls: ApiCall[]) =>
  calls.filter((c) => c.url.startsWith('/api/updates?')).map((c) => c.url);

async function mainNav() {
  return within(await screen.findByRole('navigation', { name: 'Main' }));
}

function storedReadIds(): string[] {
  return JSON.parse(localStorage.getItem(READ_UPDATES_KEY) ?? '[]') as string[];
}

beforeEach(() => {
  localStorage.clear();
  resetReadUpdates();
});

describe('/updates', () => {
  it('lists 10 a page with title, date, preview and Read more, and pages on', async () => {
    const calls = serve(updatesFeed(many));
    renderApp('/updates');
    expect(
      await screen.findByRole('heading', { name: 'Game Updates & News', level: 1 }),
    ).toBeTruthy();
    const main = within(screen.getByRole('main'));
    const first = await main.findByRole('article', { name: 'Update number 1' });
    expect(main.getAllByRole('article')).toHaveLength(10);
    expect(within(first).getByRole('link', { name: 'Update number 1' }).getAttribute('href')).toBe(
      `/updates/${many[0]!.id}`,
    );
    expect(within(first).getByText('What changed in update 1...')).toBeTruthy();
    expect(within(first).getByText(/2026/).getAttribute('datetime')).toBe(many[0]!.publishDate);
    const more = within(first).getByRole('link', { name: /^Read more/ });
    expect(more.getAttribute('href')).toBe(`/updates/${many[0]!.id}`);
    expect(updatesCalls(calls)).toContain('/api/updates?page=1&limit=10');

    const pages = within(main.getByRole('navigation', { name: 'Updates pages' }));
    expect(pages.getByText('Page 1 of 3')).toBeTruthy();
    expect((pages.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    const user = userEvent.setup();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await main.findByRole('article', { name: 'Update number 11' })).toBeTruthy();
    expect(pages.getByText('Page 2 of 3')).toBeTruthy();
    await user.click(pages.getByRole('button', { name: 'Next' }));
    expect(await main.findByRole('article', { name: 'Update number 23' })).toBeTruthy();
    expect(main.getAllByRole('article')).toHaveLength(3);
    expect((pages.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(pages.getByRole('button', { name: 'Previous' }));
    expect(await main.findByText('Page 2 of 3')).toBeTruthy();
  });

  it('opens the page the address names, and says so when it is past the last', async () => {
    serve(updatesFeed(many));
    const { router } = renderApp('/updates?page=3');
    expect(await screen.findByRole('article', { name: 'Update number 21' })).toBeTruthy();
    await act(() => router.navigate('/updates?page=9'));
    expect(await screen.findByText('There is no page 9: the updates end at page 3.')).toBeTruthy();
  });

  it("shows SPEC's empty text, and no page buttons for a single page", async () => {
    serve(updatesFeed([]));
    renderApp('/updates');
    expect(await screen.findByText('No updates available at this time.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Updates pages' })).toBeNull();
  });

  it("shows 'Error loading updates' with a way to try again", async () => {
    // The read's retries wait on the test clock.
    const user = startTestClock();
    let fail = true;
    serve((call) =>
      fail ? respond(500, { message: 'Internal server error' }) : updatesFeed(many)(call),
    );
    renderApp('/updates');
    const tryAgain = await findLoadError(
      'Error loading updates',
      'There was a problem loading the updates. Please try again in a moment.',
      8000,
    );
    fail = false;
    await user.click(tryAgain!);
    expect(await screen.findByRole('article', { name: 'Update number 1' })).toBeTruthy();
  });
});

describe("the header's 'NEW' badge", () => {
  it('shows while one of the 5 newest is unread, and opening the list clears it', async () => {
    const calls = serve(updatesFeed(many));
    const { router } = renderApp('/leaderboard-archive');
    expect(await (await mainNav()).findByText('NEW')).toBeTruthy();
    expect(updatesCalls(calls)).toEqual(['/api/updates?page=1&limit=5']);

    await act(() => router.navigate('/updates'));
    await screen.findByRole('article', { name: 'Update number 1' });
    const nav = await mainNav();
    await waitFor(() => expect(nav.queryByText('NEW')).toBeNull());
    expect(storedReadIds()).toEqual(many.slice(0, 10).map((u) => u.id));
  });

  it("marks the phone's menu button with a dot, and the menu's Updates link with 'NEW'", async () => {
    serve(updatesFeed(many));
    const { container } = renderApp('/leaderboard-archive');
    const menu = await screen.findByRole('button', { name: 'Open menu' });
    await waitFor(() => expect(menu.querySelector('.new-updates-dot')).not.toBeNull());
    await userEvent.setup().click(menu);
    const mobile = within(screen.getByRole('navigation', { name: 'Main (mobile)' }));
    expect(mobile.getByRole('link', { name: 'Updates NEW' })).toBeTruthy();
    expect(container.querySelector('.new-updates-dot')).toBeNull(); // the open menu shows it
  });

  it('reads the list defensively: a damaged entry counts as nothing read', async () => {
    localStorage.setItem(READ_UPDATES_KEY, '{not json');
    serve(updatesFeed(many));
    renderApp('/leaderboard-archive');
    expect(await (await mainNav()).findByText('NEW')).toBeTruthy();
  });

  it('stays away when the 5 newest were read, even if older ones were not', async () => {
    localStorage.setItem(READ_UPDATES_KEY, JSON.stringify(many.slice(0, 5).map((u) => u.id)));
    const calls = serve(updatesFeed(many));
    renderApp('/leaderboard-archive');
    await waitFor(() => expect(updatesCalls(calls)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect((await mainNav()).queryByText('NEW')).toBeNull();
  });

  it("appears without a reload when the 'updates' channel announces a publication", async () => {
    let feed = many.slice(1);
    localStorage.setItem(READ_UPDATES_KEY, JSON.stringify(feed.map((u) => u.id)));
    const calls = serve((call) => updatesFeed(feed)(call));
    renderApp('/leaderboard-archive');
    await waitFor(() => expect(updatesCalls(calls)).toHaveLength(1));
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    expect(socket.sentMessages).toContainEqual({ type: 'subscribe', channel: 'updates' });
    expect((await mainNav()).queryByText('NEW')).toBeNull();

    feed = many;
    const { id, title, publishDate } = many[0]!;
    act(() =>
      socket.receive({
        type: 'update',
        channel: 'updates',
        data: { action: 'update_published', update: { id, title, publishDate } },
        timestamp: Date.now(),
      }),
    );
    expect(await (await mainNav()).findByText('NEW')).toBeTruthy();
    expect(updatesCalls(calls)).toHaveLength(2);
  });

  it('shows nothing when the updates cannot be read', async () => {
    const calls = serve(() => respond(404, { message: 'Not found' }));
    renderApp('/leaderboard-archive');
    await waitFor(() => expect(updatesCalls(calls)).toHaveLength(1));
    await screen.findByRole('heading', { level: 1 });
    expect((await mainNav()).queryByText('NEW')).toBeNull();
  });
});

describe('/updates/{id}', () => {
  const update = {
    ...publishedUpdate(1),
    content: '<h2>Season 3</h2><p>New <strong>weekly</strong> prizes. <a href="/faq">FAQ</a></p>',
  };

  it('shows the update with its HTML, and marks it read', async () => {
    serve(updatesFeed([]), { [`/api/updates/${update.id}`]: respond(200, update) });
    renderApp(`/updates/${update.id}`);
    expect(await screen.findByRole('heading', { name: update.title, level: 1 })).toBeTruthy();
    const content = screen.getByTestId('update-content');
    expect(within(content).getByRole('heading', { name: 'Season 3', level: 2 })).toBeTruthy();
    expect(content.querySelector('strong')?.textContent).toBe('weekly');
    expect(within(content).getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/faq');
    expect(screen.getByRole('link', { name: 'All updates' }).getAttribute('href')).toBe('/updates');
    await waitFor(() => expect(storedReadIds()).toEqual([update.id]));
  });

  it('shows the 404 screen for an unknown or unpublished update', async () => {
    serve(updatesFeed([]));
    renderApp('/updates/not-published');
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found', level: 1 }),
    ).toBeTruthy();
  });
});
