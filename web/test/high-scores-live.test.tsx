import { act, screen, waitFor, within } from '@testing-library/react';
import { REALTIME_STATUS_POLL_MS } from '@/config/network';
import { FakeWebSocket } from './helpers/fake-websocket';
import { useApi, respond, sequence } from './helpers/api-server';
import { topScores } from './helpers/leaderboards';
import { renderApp } from './helpers/render-app';

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

/** What the page sent, less the header's own subscription to 'updates' (its 'NEW' badge). */
function scoresMessages(socket: FakeWebSocket) {
  return socket.sentMessages.filter((message) => message.channel !== 'updates');
}

async function openCard() {
  useApi({
    '/api/scores/top': respond(200, topScores),
  });
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
    expect(scoresMessages(socket)).toEqual([{ type: 'subscribe', channel: 'scores' }]);
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
    expect(scoresMessages(FakeWebSocket.latest)).toEqual([
      { type: 'subscribe', channel: 'scores' },
    ]);
  });
});

describe('/high-scores ranked table, live', () => {
  const live = {
    id: 'live-1',
    playerName: 'Newcomer',
    score: 40_000,
    level: 12,
    createdAt: '2025-03-21T10:00:00Z',
  };
  const update = (score: typeof live) => ({
    type: 'update',
    channel: 'scores',
    data: { action: 'new_score', score },
    timestamp: Date.now(),
  });
  const topCalls = (calls: Array<{ url: string }>) =>
    calls.filter((c) => c.url.startsWith('/api/scores/top')).length;

  async function openTable() {
    const calls = useApi({
      '/api/scores/top': sequence(
        respond(200, topScores),
        respond(200, [topScores[0], live, ...topScores.slice(1)]),
      ),
    });
    renderApp('/high-scores');
    const table = await screen.findByRole('table', { name: 'High scores' });
    act(() => FakeWebSocket.latest.open());
    return { calls, table };
  }

  it('reloads when a new score reaches it, and shows the score in its place', async () => {
    const { calls } = await openTable();
    expect(topCalls(calls)).toBe(1);
    act(() => FakeWebSocket.latest.receive(update(live)));
    await waitFor(() => expect(topCalls(calls)).toBe(2));
    const table = await screen.findByRole('table', { name: 'High scores' });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[2]!.textContent).toContain('Newcomer'),
    );
  });

  it('keeps its rows while a new score cannot change them (the board is full and it is lower)', async () => {
    const full = Array.from({ length: 50 }, (_, i) => ({
      ...topScores[0]!,
      id: `t${i}`,
      score: 100_000 - i,
    }));
    const calls = useApi({
      '/api/scores/top': respond(200, full),
    });
    renderApp('/high-scores');
    await screen.findByRole('table', { name: 'High scores' });
    act(() => FakeWebSocket.latest.open());
    act(() => FakeWebSocket.latest.receive(update({ ...live, score: 99_951 }))); // ties the 50th
    // The card lists it; the table is not asked for again.
    expect(await screen.findByText('Newcomer')).toBeTruthy();
    expect(topCalls(calls)).toBe(1);
  });

  it('comes after the live card in reading order, so a phone shows the card first', async () => {
    const { table } = await openTable();
    const card = screen.getByRole('heading', { name: 'Recent Scores' });
    expect(card.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
