import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsTo, heldAnswer, useApi, respond, type Route } from './helpers/api-server';
import { sentWhilePending } from './helpers/forms';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

/** The contact page, for a guest unless `user` is given. */
async function openContact(feedback: Route, user?: Response) {
  const calls = useApi({ 'POST /api/feedback': feedback, ...(user && { '/api/user': user }) });
  renderApp('/contact');
  await screen.findByRole('form', { name: 'Send us a message' });
  return {
    calls,
    user: userEvent.setup(),
    posts: () => callsTo(calls, 'POST', '/api/feedback'),
  };
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), '  Ann  ');
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Message'), 'The board froze on level 7.');
}

describe('/contact', () => {
  it('sends the message, thanks the sender, and can start another', async () => {
    const feedback = heldAnswer();
    const { user, calls } = await openContact(feedback.answer);
    await fillIn(user);
    expect(screen.getByText('27 / 5000 characters')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await sentWhilePending(calls, 'Sending...', '/api/feedback')).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'The board froze on level 7.',
    });

    feedback.release(respond(201, { id: 'f-1', createdAt: '2026-11-24T10:00:00Z' }));
    const thanks = await screen.findByRole('status');
    expect(within(thanks).getByText('Thanks, Ann!')).toBeTruthy();
    expect(within(thanks).getByText('ann@example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ann@example.com');
  });

  it("shows the server's refusal of a field under that field, cleared by editing it", async () => {
    const { user } = await openContact(
      respond(400, { message: 'Enter a valid email address', field: 'email' }),
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const described = email.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(described[0]!)?.textContent).toBe('Enter a valid email address');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(email, 'm');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the hourly limit in the server's words, after one request", async () => {
    const { user, posts } = await openContact(
      respond(429, { message: 'Too many messages from your address. Try again in 42 minutes.' }),
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many messages from your address. Try again in 42 minutes.',
    );
    expect(posts()).toHaveLength(1);
    // The form keeps what was written.
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'The board froze on level 7.',
    );
  });

  it('says so plainly when the answer carries no message', async () => {
    const { user, posts } = await openContact(respond(503, ''));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your message could not be sent. Please try again in a moment.',
    );
    expect(posts()).toHaveLength(1); // never posted twice by a retry
  });

  it("fills in a signed-in player's name and email", async () => {
    await openContact(respond(201, { id: 'f-1' }), respond(200, player));
    await waitFor(() =>
      expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe(player.username),
    );
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(player.email);
  });

  it('links the community chat and the email address', async () => {
    await openContact(respond(201, { id: 'f-1' }));
    const main = within(screen.getByRole('main'));
    const chat = main.getByRole('link', { name: 'Join the community chat' });
    // The header's own link: one address for the community everywhere.
    const header = within(document.querySelector<HTMLElement>('.site-header')!).getByRole('link', {
      name: 'Community chat',
    });
    expect(chat.getAttribute('href')).toBe(header.getAttribute('href'));
    expect(main.getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
  });
});
