import { act, screen, within } from '@testing-library/react';
import { dismissToast, getToasts } from '@/components/ui/toast';
import type { Achievement } from '@/features/achievements/api/get-achievements';
import {
  CATCH_UP_MAX_AGE_MS,
  CLOCK_TOLERANCE_MS,
  expectBadgesSince,
  takeBadgeCatchUp,
} from '@/lib/badge-catch-up';
import { RealtimeClient } from '@/lib/realtime';
import { FakeWebSocket } from './helpers/fake-websocket';
import { useApi, pageOf, respond } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

// Achievement badges (docs/product.md 'Achievements'): the dashboard lists every badge, those
// won with their date; a badge won while a page is open shows as a toast and joins the list.

const badge = (id: string, name: string, awardedAt: string | null = null): Achievement => ({
  id,
  name,
  description: `How to win ${name}.`,
  awardedAt,
});

const dashboardRoutes = (achievements: () => Achievement[]) => ({
  '/api/user': respond(200, player),
  '/api/user/achievements': () => respond(200, { achievements: achievements() }),
  '/api/user/standing': respond(200, {
    gamesOnBoards: 0,
    best: null,
    allTimeRank: null,
    week: null,
    weekly: null,
    weeklyRank: null,
  }),
  '/api/user/scores': respond(200, pageOf([])),
  '/api/ads/mine': respond(200, []),
});

const awarded = (id: string, name: string) => ({
  type: 'update',
  channel: 'achievements',
  data: {
    action: 'achievement_awarded',
    achievement: {
      id,
      name,
      description: `How to win ${name}.`,
      awardedAt: '2026-11-24T12:00:00.000Z',
    },
  },
  timestamp: Date.now(),
});

const subscriptions = (socket: FakeWebSocket) =>
  socket.sentMessages.filter((m) => m.type === 'subscribe').map((m) => m.channel);

describe('achievements on /user-dashboard', () => {
  it('lists every badge, those won with their date, with the count', async () => {
    useApi(
      dashboardRoutes(() => [
        badge('first_game', 'First Game', '2026-11-20T10:00:00.000Z'),
        badge('games_10', 'Regular'),
      ]),
    );
    renderApp('/user-dashboard');
    const section = await screen.findByRole('region', { name: 'Achievements' });
    const items = await within(section).findAllByTestId('achievement');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^★First GameHow to win First Game\.Won /),
      '☆RegularHow to win Regular.Not won yet',
    ]);
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-20T10:00:00.000Z',
    );
    expect(within(section).getByText('1 of 2 won')).toBeTruthy();
  });

  it('invites a player without badges to play', async () => {
    useApi(dashboardRoutes(() => [badge('first_game', 'First Game')]));
    renderApp('/user-dashboard');
    const section = await screen.findByRole('region', { name: 'Achievements' });
    expect(
      await within(section).findByText(
        'Finish a game and submit its score to win your first badge.',
      ),
    ).toBeTruthy();
  });
});

describe('a badge won while a page is open', () => {
  it('shows a toast and joins the dashboard list', async () => {
    let won: string | null = null;
    useApi(dashboardRoutes(() => [badge('first_game', 'First Game', won)]));
    renderApp('/user-dashboard');
    const section = await screen.findByRole('region', { name: 'Achievements' });
    await within(section).findByText('0 of 1 won');
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    expect(subscriptions(socket)).toContain('achievements');

    won = '2026-11-24T12:00:00.000Z';
    act(() => socket.receive(awarded('first_game', 'First Game')));
    expect(await screen.findByText('Achievement unlocked: First Game')).toBeTruthy();
    expect(await within(section).findByText('1 of 1 won')).toBeTruthy();
  });

  it('is not listened for by a guest, and an unknown message shows nothing', async () => {
    renderApp('/');
    await screen.findAllByRole('link', { name: /Login/ });
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    expect(subscriptions(socket)).not.toContain('achievements');
    act(() => socket.receive({ type: 'update', channel: 'achievements', data: { action: 'x' } }));
    expect(screen.queryByText(/Achievement unlocked/)).toBeNull();
  });
});

describe('badges won while no page listened (the reload after a submission)', () => {
  const subscribed = { type: 'subscription', channel: 'achievements', status: 'subscribed' };
  afterEach(() => sessionStorage.clear());
  /** The player closes the toast on screen; the next waiting one shows. */
  const closeOpenToast = () => dismissToast(getToasts().find((t) => t.open)!.id);

  it('tells, once subscribed, the badges won since the submitted score, each once', async () => {
    expectBadgesSince('2026-11-24T12:00:00.000Z');
    const badges = [
      badge('first_game', 'First Game', '2026-11-24T12:00:01.000Z'),
      badge('score_1000', 'Four Digits', '2026-11-24T12:00:01.000Z'),
      badge('old_one', 'Long Ago', '2026-11-01T09:00:00.000Z'),
      badge('games_10', 'Regular'),
    ];
    const calls = useApi(dashboardRoutes(() => badges));
    renderApp('/');
    await screen.findAllByRole('link', { name: 'Dashboard' });
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    const listed = () => calls.filter((c) => c.url.endsWith('/api/user/achievements')).length;
    expect(listed()).toBe(0); // not before the channel is listened to
    act(() => socket.receive(subscribed));
    expect(await screen.findByText('Achievement unlocked: First Game')).toBeTruthy();
    expect(listed()).toBe(1);
    // The same badge over /ws as well: told once.
    act(() => socket.receive(awarded('first_game', 'First Game')));
    act(() => closeOpenToast());
    expect(await screen.findByText('Achievement unlocked: Four Digits')).toBeTruthy();
    act(() => closeOpenToast());
    expect(screen.queryByText(/Achievement unlocked/)).toBeNull();
    // The note is used up: a later subscription (a reconnect) reads nothing.
    act(() => socket.receive(subscribed));
    expect(listed()).toBe(1);
  });

  it('reads nothing without a note, or with a stale one', () => {
    expect(takeBadgeCatchUp()).toBeNull();
    expectBadgesSince('2026-11-24T12:00:00.000Z', Date.now() - CATCH_UP_MAX_AGE_MS - 1);
    expect(takeBadgeCatchUp()).toBeNull();
    expectBadgesSince('2026-11-24T12:00:00.000Z');
    expect(takeBadgeCatchUp()).toBe(Date.parse('2026-11-24T12:00:00.000Z') - CLOCK_TOLERANCE_MS);
    expect(takeBadgeCatchUp()).toBeNull();
  });
});

describe('the connection and who is signed in', () => {
  it('reconnects when the signed-in player changes, not on the first report', () => {
    const client = new RealtimeClient({
      url: 'ws://localhost/ws',
      createSocket: (url) => new FakeWebSocket(url),
    });
    FakeWebSocket.instances = [];
    const stop = client.subscribe('scores', () => undefined);
    const first = FakeWebSocket.latest;
    first.open();
    client.setIdentity(null); // the page's first answer: the socket already carries it
    client.setIdentity(null);
    expect(FakeWebSocket.instances).toHaveLength(1);

    client.setIdentity('u-1'); // signed in on this page: a new handshake with the cookie
    expect(first.closedWith).toEqual({ code: 1000, reason: 'Signed in as someone else' });
    const second = FakeWebSocket.latest;
    expect(second).not.toBe(first);
    second.open();
    expect(subscriptions(second)).toEqual(['scores']);
    // The old socket's late close changes nothing.
    first.drop();
    expect(client.status).toBe('connected');
    stop();
  });
});
