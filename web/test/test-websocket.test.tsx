import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REALTIME_CHANNELS } from '@/lib/realtime';
import { FakeWebSocket } from './helpers/fake-websocket';
import { renderApp } from './helpers/render-app';

// /test-websocket: the diagnostic page of the realtime connection.
async function openPage() {
  renderApp('/test-websocket');
  await screen.findByRole('heading', { name: 'Realtime Connection Test', level: 1 });
  return FakeWebSocket.latest;
}

describe('/test-websocket', () => {
  it('shows the connection state as it changes', async () => {
    const socket = await openPage();
    expect((await screen.findByText('Connecting')).dataset.testid).toBe('realtime-status');
    act(() => socket.open());
    expect(screen.getByTestId('realtime-status').textContent).toBe('Connected');
    act(() => socket.drop());
    expect(screen.getByTestId('realtime-status').textContent).toBe('Closed');
    expect(screen.getByRole('button', { name: 'Reconnect' })).toBeTruthy();
  });

  it('subscribes and unsubscribes each channel', async () => {
    const socket = await openPage();
    act(() => socket.open());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe to scores' }));
    await user.click(screen.getByRole('button', { name: 'Subscribe to leaderboard' }));
    // scores and leaderboard, and the header's 'updates'.
    expect(screen.getAllByText('Subscribed')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from scores' }));
    // The header's 'NEW' badge holds its own subscription to 'updates' on every page.
    expect(socket.sentMessages.filter((message) => message.channel !== 'updates')).toEqual([
      { type: 'subscribe', channel: 'scores' },
      { type: 'subscribe', channel: 'leaderboard' },
      { type: 'unsubscribe', channel: 'scores' },
    ]);
    expect(screen.getByRole('button', { name: 'Subscribe to scores' })).toBeTruthy();
  });

  it("shows the connection's subscriptions, the header's 'updates' too", async () => {
    const socket = await openPage();
    act(() => socket.open());
    // The header's 'NEW' badge holds 'updates' on every page: the connection is subscribed.
    expect(socket.sentMessages).toContainEqual({ type: 'subscribe', channel: 'updates' });
    const state = (channel: string) =>
      screen.getByText(channel, { selector: '.rt-diag__label' }).nextElementSibling!.textContent;
    expect(REALTIME_CHANNELS.map((channel) => [channel, state(channel)])).toEqual(
      REALTIME_CHANNELS.map((channel) => [
        channel,
        channel === 'updates' ? 'Subscribed' : 'Not subscribed',
      ]),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe to updates' }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe from updates' }));
    // The page let go of its own listener; the header still holds the channel.
    expect(state('updates')).toBe('Subscribed');
  });

  it('pings and shows the round trip', async () => {
    const socket = await openPage();
    const user = userEvent.setup();
    expect((screen.getByRole('button', { name: 'Ping' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => socket.open());
    await user.click(screen.getByRole('button', { name: 'Ping' }));
    expect(socket.sentMessages.at(-1)).toMatchObject({
      type: 'ping',
      timestamp: expect.any(Number),
    });
    act(() => socket.receive({ type: 'pong', timestamp: Date.now() }));
    expect(screen.getByTestId('realtime-rtt').textContent).toMatch(/^\d+ ms$/);
  });

  it('lists the last 20 messages, newest first', async () => {
    const socket = await openPage();
    act(() => socket.open());
    act(() => {
      for (let n = 1; n <= 25; n++) {
        socket.receive({ type: 'update', channel: 'scores', data: { n }, timestamp: n });
      }
    });
    const list = screen.getByRole('list', { name: 'Messages received' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]!.textContent).toContain('"n": 25');
    expect(items[19]!.textContent).toContain('"n": 6');
  });
});
