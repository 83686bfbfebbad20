import { act, screen, within } from '@testing-library/react';
import { REALTIME_STATUS_POLL_MS } from '@/config/network';
import { FakeWebSocket } from './helpers/fake-websocket';
import { byRoute, installFakeFetch, respond } from './helpers/fake-fetch';
import { topScores } from './helpers/leaderboards';
import { renderApp } from './helpers/render-app';
import { notAuthenticated } from './helpers/users';

// /high-scores 'Recent Scores' fed by the realtime connection (docs/product.md 'Live updates').
function newScore(n: number) {
  return {
    type: 'update',
    channel: 'scores',
    data: {
      action: 'new_score',
      score: {
        id: `s${n}`,
        playerName: `Player ${n}`,
        score: 1000 * n,
        level: n,
        createdAt: new Date(Date.UTC(2026, 10, 21, 12, n)).toISOString(),
      },
    },
    timestamp: Date.now(),
  };
}

async function openCard() {
  installFakeFetch(
    byRoute({
      '/api/user': respond(401, notAuthenticated),
      '/api/scores/top': respond(200, topScores),
    }),
  );
  renderApp('/high-scores');
  const heading = await screen.findByRole('heading', { name: 'Recent Scores' });
  return heading.closest('.card') as HTMLElement;
}

describe('/high-scores Recent Scores, live', () => {
  it("subscribes to 'scores' and shows 'Live' once connected", async () => {
    const card = await openCard();
    expect(within(card).getByText('Connecting...')).toBeTruthy();
    const socket = FakeWebSocket.latest;
    expect(socket.url).toBe('ws://localhost/ws');
    act(() => socket.open());
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(socket.sentMessages).toEqual([{ type: 'subscribe', channel: 'scores' }]);
  });

  it('keeps the 8 newest scores, newest first, each with name, time, level and points', async () => {
    const card = await openCard();
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() => {
      for (let n = 1; n <= 10; n++) socket.receive(newScore(n));
      socket.receive(newScore(10)); // the same score again is not listed twice
    });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    expect(items.map((li) => li.querySelector('.recent-score__name')?.textContent)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Player ${n}`),
    );
    expect(items[0]!.textContent).toContain('Level 10');
    expect(items[0]!.textContent).toContain('10,000 pts');
    expect(within(card).queryByText('Waiting for new scores to be submitted...')).toBeNull();
  });

  it("ignores other updates, and shows 'Connecting...' again when the connection drops", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    const card = await openCard();
    const socket = FakeWebSocket.latest;
    act(() => socket.open());
    act(() => {
      socket.receive({ type: 'update', channel: 'scores', data: { action: 'something_else' } });
      socket.receive('garbage');
    });
    expect(within(card).getByText('Waiting for new scores to be submitted...')).toBeTruthy();
    act(() => socket.drop());
    act(() => jest.advanceTimersByTime(REALTIME_STATUS_POLL_MS));
    expect(within(card).getByText('Connecting...')).toBeTruthy();
    // It reconnects by itself and subscribes again.
    act(() => jest.advanceTimersByTime(1500));
    act(() => FakeWebSocket.latest.open());
    expect(within(card).getByText('Live')).toBeTruthy();
    expect(FakeWebSocket.latest.sentMessages).toEqual([{ type: 'subscribe', channel: 'scores' }]);
  });
});
