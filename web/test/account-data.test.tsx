import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useApi, respond, sentBody } from './helpers/api-server';
import { findErrorToast, findToast } from './helpers/toasts';
import { renderApp } from './helpers/render-app';
import { startTestClock } from './helpers/test-clock';
import { player } from './helpers/users';

/** A Blob's text (jsdom's Blob has no text()). */
const readText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const exported = {
  exportedAt: '2026-11-24T12:00:00.000Z',
  account: player,
  scores: [],
  sessions: [],
  ads: [],
};

describe("/edit-profile: 'Export my data'", () => {
  let saved: { name: string; text: Promise<string> }[];
  beforeEach(() => {
    saved = [];
    // jsdom has no object URLs nor downloads: keep what would have been saved.
    URL.createObjectURL = (blob: Blob) => {
      saved.push({ name: '', text: readText(blob) });
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved[saved.length - 1]!.name = this.download;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('saves the JSON file under its dated name and says so', async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/user/export': respond(200, exported),
    });
    renderApp('/edit-profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));

    await findToast('Data exported', 'Your data was saved as ballmatch-alice-2026-11-24.json.');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('ballmatch-alice-2026-11-24.json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(exported);
  });

  it("toasts 'Export failed' with the server's message", async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/user/export': respond(429, {
        message: 'Too many requests. Try again in 30 seconds.',
      }),
    });
    // The client's retries of a 429 wait on the test clock.
    const user = startTestClock();
    renderApp('/edit-profile');
    await user.click(await screen.findByRole('button', { name: 'Export my data' }));
    await findErrorToast('Export failed', 'Too many requests. Try again in 30 seconds.');
    expect(saved).toHaveLength(0);
  });
});

describe("/edit-profile: 'Delete my account'", () => {
  async function openDialog() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    return { user, dialog };
  }

  it('waits for the username typed, then deletes, signs out and goes home', async () => {
    const calls = useApi({
      'GET /api/user': respond(200, player),
      'DELETE /api/user': respond(200, { message: 'Account deleted' }),
    });
    const { router } = renderApp('/edit-profile');
    const { user, dialog } = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Delete my account' });

    await user.type(within(dialog).getByLabelText('Current password'), 'my password');
    await user.type(within(dialog).getByLabelText('Type your username to confirm'), 'alic');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Type your username to confirm'), 'e');
    await user.click(
      within(dialog).getByRole('checkbox', { name: /Also remove my scores from the leaderboards/ }),
    );
    await user.click(submit);

    await findToast('Account deleted');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Login' })).toBeTruthy();
    const deletion = calls.filter((c) => c.method === 'DELETE');
    expect(deletion).toHaveLength(1);
    expect(sentBody(deletion[0]!)).toEqual({
      confirmUsername: 'alice',
      currentPassword: 'my password',
      removeScores: true,
    });
  });

  it('shows a wrong password under its field, toasts the failure and keeps the account', async () => {
    useApi({
      'GET /api/user': respond(200, player),
      'DELETE /api/user': respond(400, {
        message: 'Current password is incorrect',
        field: 'currentPassword',
      }),
    });
    const { router } = renderApp('/edit-profile');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Type your username to confirm'), 'alice');
    const password = within(dialog).getByLabelText('Current password');
    await user.type(password, 'wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));

    await findErrorToast('Account deletion failed');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getAllByText('Current password is incorrect').length).toBeGreaterThan(0);
    expect(router.state.location.pathname).toBe('/edit-profile');
  });

  it('closes with Cancel and sends nothing', async () => {
    const calls = useApi({ '/api/user': respond(200, player) });
    renderApp('/edit-profile');
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
