import { randomUUID } from 'node:crypto';
import type { contentV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { failure, startContent } from './harness';

const h = perFile(startContent);

let addressCount = 0;
/** A client address of its own, so each test starts below the hourly limit. */
const freshAddress = () => {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
};

/** A message as the gateway sends it, with the address it saw. */
type Sent = contentV1.SubmitFeedbackRequest & { clientAddress: string };

const message = (change: Partial<Sent> = {}): Sent => ({
  name: 'Ann Player',
  email: 'ann@example.com',
  message: 'The weekly board is great.\nMore seasons, please!',
  clientAddress: freshAddress(),
  ...change,
});

describe('the contact form', () => {
  it('stores a message with its sender’s address', async () => {
    h.clock.set('2026-03-02T10:00:00.000Z');
    const sent = await h.feedback.submitFeedback(
      message({ name: '  Ann  ', clientAddress: '::ffff:203.0.113.9' }),
    );
    expect(sent).toEqual({ id: expect.any(String), createdAt: '2026-03-02T10:00:00.000Z' });
    const stored = await h.db('feedback').where({ id: sent.id }).first();
    expect(stored).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'The weekly board is great.\nMore seasons, please!',
      client_ip: '203.0.113.9',
      read_at: null,
      archived_at: null,
    });
  });

  const cases: [string, Partial<Sent>, string, string][] = [
    ['no name', { name: ' ' }, 'name', 'name is required'],
    ['a long name', { name: 'n'.repeat(101) }, 'name', 'name may be at most 100 characters'],
    ['a name with a newline', { name: 'A\nB' }, 'name', 'name must not contain control characters'],
    ['no email', { email: '' }, 'email', 'Enter a valid email address'],
    ['an email without a domain', { email: 'ann@' }, 'email', 'Enter a valid email address'],
    ['a long email', { email: `${'a'.repeat(250)}@x.io` }, 'email', 'Enter a valid email address'],
    [
      'an email with a NUL',
      { email: 'ann\u0000@example.com' },
      'email',
      'Enter a valid email address',
    ],
    ['no message', { message: '\n\t ' }, 'message', 'message is required'],
    [
      'a long message',
      { message: 'm'.repeat(5001) },
      'message',
      'message may be at most 5000 characters',
    ],
    [
      'a message with a NUL',
      { message: 'a\u0000b' },
      'message',
      'message must not contain control characters',
    ],
    ['no address', { clientAddress: '' }, 'x-client-address', "The client's address is required"],
    [
      'a bad address',
      { clientAddress: 'x' },
      'clientIp',
      'clientIp must be an IPv4 or IPv6 address',
    ],
  ];
  it.each(cases)('refuses %s, naming the field', async (_name, change, field, text) => {
    expect(await failure(h.feedback.submitFeedback(message(change)))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: text,
      details: { field },
    });
  });

  it('takes the longest fields allowed', async () => {
    const longest = message({
      name: 'n'.repeat(100),
      email: `${'a'.repeat(245)}@mail.io`,
      message: 'm'.repeat(5000),
    });
    expect(longest.email).toHaveLength(253);
    await h.feedback.submitFeedback(longest);
  });

  it('takes 5 messages an hour from an address, then says when to try again', async () => {
    h.clock.set('2026-03-02T10:00:00.000Z');
    const clientAddress = freshAddress();
    // Refused messages do not count.
    await failure(h.feedback.submitFeedback(message({ clientAddress, email: 'nope' })));
    for (let i = 0; i < 5; i += 1) await h.feedback.submitFeedback(message({ clientAddress }));
    const refused = await failure(h.feedback.submitFeedback(message({ clientAddress })));
    expect(refused).toMatchObject({
      code: 'RESOURCE_EXHAUSTED',
      message: 'Too many messages from your address. Try again in 60 minutes.',
    });
    expect(refused.details.retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.details.retryAfterSeconds).toBeLessThanOrEqual(3600);
    // Another address is not held back; an IPv6 subscriber is counted by its /64.
    await h.feedback.submitFeedback(message());
    for (let i = 0; i < 5; i += 1) {
      await h.feedback.submitFeedback(message({ clientAddress: `2001:db8:7:1::${i + 1}` }));
    }
    expect(
      await failure(h.feedback.submitFeedback(message({ clientAddress: '2001:db8:7:1:ffff::9' }))),
    ).toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
  });
});

describe('the admins’ inbox', () => {
  beforeEach(() => h.db('feedback').delete());

  async function send(name: string, minutesAfterTen: number): Promise<string> {
    h.clock.set(new Date(Date.UTC(2026, 2, 2, 10, minutesAfterTen)));
    return (await h.feedback.submitFeedback(message({ name }))).id;
  }
  const inbox = async (archived = false, page = 1, limit = 10) => {
    const answer = await h.feedbackAdmin.listFeedback({ page, limit, archived });
    return { ...answer, names: answer.data.map((f) => f.name) };
  };

  it('lists unread first, then newest first; read and unread, archive and unarchive', async () => {
    await send('First', 1);
    const second = await send('Second', 2);
    const third = await send('Third', 3);
    expect(await inbox()).toMatchObject({
      names: ['Third', 'Second', 'First'],
      unreadCount: 3,
      pagination: { currentPage: 1, totalPages: 1, total: 3, hasNextPage: false },
    });

    h.clock.set('2026-03-02T11:00:00.000Z');
    const read = (await h.feedbackAdmin.markFeedbackRead({ id: third })).feedback!;
    expect(read).toMatchObject({
      id: third,
      name: 'Third',
      email: 'ann@example.com',
      read: true,
      readAt: '2026-03-02T11:00:00.000Z',
      archived: false,
      archivedAt: '',
      createdAt: '2026-03-02T10:03:00.000Z',
    });
    h.clock.advance(60_000);
    // Marking again keeps the first time.
    expect((await h.feedbackAdmin.markFeedbackRead({ id: third })).feedback).toEqual(read);
    expect(await inbox()).toMatchObject({ names: ['Second', 'First', 'Third'], unreadCount: 2 });

    expect((await h.feedbackAdmin.markFeedbackUnread({ id: third })).feedback).toMatchObject({
      read: false,
      readAt: '',
    });
    const archived = (await h.feedbackAdmin.archiveFeedback({ id: second })).feedback!;
    expect(archived).toMatchObject({ archived: true, archivedAt: '2026-03-02T11:01:00.000Z' });
    expect(await inbox()).toMatchObject({ names: ['Third', 'First'], unreadCount: 2 });
    expect(await inbox(true)).toMatchObject({ names: ['Second'], unreadCount: 2 });

    expect((await h.feedbackAdmin.unarchiveFeedback({ id: second })).feedback).toMatchObject({
      archived: false,
      archivedAt: '',
    });
    expect((await inbox()).names).toEqual(['Third', 'Second', 'First']);
    expect((await inbox(false, 2, 2)).names).toEqual(['First']);
    expect((await inbox(false, 3, 2)).names).toEqual([]);
  });

  it('answers NOT_FOUND for an unknown message', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const call of [
        () => h.feedbackAdmin.markFeedbackRead({ id }),
        () => h.feedbackAdmin.markFeedbackUnread({ id }),
        () => h.feedbackAdmin.archiveFeedback({ id }),
        () => h.feedbackAdmin.unarchiveFeedback({ id }),
      ]) {
        expect(await failure(call())).toMatchObject({
          code: 'NOT_FOUND',
          message: 'Feedback not found',
        });
      }
    }
  });
});
