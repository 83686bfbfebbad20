import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feedback } from '@/features/feedback-admin/api/types';
import { replyLink } from '@/features/feedback-admin/lib/reply-link';
import { useApi, pageOf, respond, type ApiCall } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { admin } from './helpers/users';

// /admin-feedback: the contact form's messages (docs/product.md 'Updates', 'Player feedback').
configure({ asyncUtilTimeout: 5000 });

function message(n: number, overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Sender ${n}`,
    email: `sender${n}@example.com`,
    message: `Message ${n}\nsecond line <b>not bold</b>`,
    clientIp: '203.0.113.7',
    read: false,
    archived: false,
    createdAt: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
    readAt: null,
    archivedAt: null,
    ...overrides,
  };
}

/** The admin feedback routes over an in-memory list: unread first, then newest. */
function serve(messages: Feedback[]) {
  return useApi(
    (call: ApiCall) => {
      const url = new URL(call.url, 'http://localhost');
      const action = /^\/api\/admin\/feedback\/([^/]+)\/(\w+)$/.exec(url.pathname);
      if (action) {
        const found = messages.find((m) => m.id === action[1]);
        if (!found) return respond(404, { message: 'Feedback not found' });
        const now = new Date().toISOString();
        if (action[2] === 'read') Object.assign(found, { read: true, readAt: now });
        if (action[2] === 'unread') Object.assign(found, { read: false, readAt: null });
        if (action[2] === 'archive') Object.assign(found, { archived: true, archivedAt: now });
        if (action[2] === 'unarchive') Object.assign(found, { archived: false, archivedAt: null });
        return respond(200, found);
      }
      if (url.pathname !== '/api/admin/feedback') return null;
      const archived = url.searchParams.get('archived') === 'true';
      const data = messages
        .filter((m) => m.archived === archived)
        .sort((a, b) => Number(a.read) - Number(b.read) || b.createdAt.localeCompare(a.createdAt));
      return respond(200, {
        ...pageOf(data),
        unreadCount: messages.filter((m) => !m.archived && !m.read).length,
      });
    },
    { '/api/user': respond(200, admin) },
  );
}

const cards = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-labelledby'));
const card = async (name: RegExp) => within(await screen.findByRole('article', { name }));

describe('/admin-feedback', () => {
  it('lists unread first, shows the message as text, and counts the unread', async () => {
    serve([message(1, { read: true }), message(2), message(3)]);
    renderApp('/admin-feedback');
    expect(await screen.findByRole('heading', { name: 'Player Feedback', level: 1 })).toBeTruthy();
    await card(/Sender 3/);
    expect(cards()).toEqual([
      `feedback-${message(3).id}`,
      `feedback-${message(2).id}`,
      `feedback-${message(1).id}`,
    ]);
    expect(screen.getByRole('button', { name: 'Inbox 2 unread' })).toBeTruthy();
    const first = await card(/^Unread: Sender 3/);
    expect(first.getByText(/^Message 3/).textContent).toBe(
      'Message 3\nsecond line <b>not bold</b>',
    );
    expect(first.getByText('New')).toBeTruthy();
    expect((await card(/^Sender 1/)).queryByText('New')).toBeNull();
  });

  it('marks a message read and unread again', async () => {
    serve([message(1)]);
    renderApp('/admin-feedback');
    const user = userEvent.setup();
    await user.click((await card(/Sender 1/)).getByRole('button', { name: 'Mark as read' }));
    expect(
      await (await card(/^Sender 1/)).findByRole('button', { name: 'Mark as unread' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Inbox' })).toBeTruthy(); // no unread count
    await user.click((await card(/Sender 1/)).getByRole('button', { name: 'Mark as unread' }));
    expect(await screen.findByRole('button', { name: 'Inbox 1 unread' })).toBeTruthy();
  });

  it('archives a message out of the inbox, and brings it back from the archive', async () => {
    serve([message(1), message(2)]);
    renderApp('/admin-feedback');
    const user = userEvent.setup();
    await user.click((await card(/Sender 1/)).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Sender 1/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Archived' }));
    await user.click((await card(/Sender 1/)).getByRole('button', { name: 'Move to inbox' }));
    expect(await screen.findByText('Nothing archived.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Inbox/ }));
    expect(await card(/Sender 1/)).toBeTruthy();
  });

  it('replies by email to the sender, which marks the message read', async () => {
    const calls = serve([message(1)]);
    renderApp('/admin-feedback');
    const reply = (await card(/Sender 1/)).getByRole('link', { name: 'Reply to Sender 1' });
    expect(reply.getAttribute('href')).toBe(replyLink(message(1)));
    reply.addEventListener('click', (event) => event.preventDefault()); // no mail program here
    await userEvent.setup().click(reply);
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(`/api/admin/feedback/${message(1).id}/read`),
    );
  });

  it('says so when the inbox is empty', async () => {
    serve([]);
    renderApp('/admin-feedback');
    expect(
      await screen.findByText('No messages. What players send from the contact page lands here.'),
    ).toBeTruthy();
  });
});

describe('replyLink', () => {
  it('writes to the sender with a subject and their message quoted', () => {
    const link = replyLink({ name: 'Ann', email: 'ann+x@example.com', message: 'Hi\nthere' });
    const url = new URL(link);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ann+x@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: your message to BallMatch');
    expect(url.searchParams.get('body')).toBe('Hi Ann,\n\n\n\n> Hi\n> there');
  });

  it('keeps an address with ? or & from adding fields to the mail', () => {
    const url = new URL(replyLink({ name: 'A', email: 'a?cc=x@example.com', message: 'm' }));
    expect(url.searchParams.get('cc')).toBeNull();
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
  });
});
