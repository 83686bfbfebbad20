import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TopPlayersThisWeek } from '@/features/leaderboards/components/top-players-this-week';
import { createQueryClient } from '@/lib/query-client';
import { useApi, respond, type Route } from './helpers/api-server';
import { activeWeek, weeklyRows } from './helpers/leaderboards';

function renderCard() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TopPlayersThisWeek />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

function serve(top: Route) {
  return useApi({
    '/api/weekly-leaderboards/active': respond(200, activeWeek),
    [`/api/weekly-leaderboards/${activeWeek.id}/top-scores`]: top,
  });
}

describe('TopPlayersThisWeek', () => {
  it("shows this week's top 3 with medals, names and scores", async () => {
    const calls = serve(respond(200, weeklyRows.slice(0, 3)));
    renderCard();
    expect(screen.getByText('Top Players This Week')).toBeTruthy();
    expect(screen.getByText('Loading top scores...')).toBeTruthy();

    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '1ComboQueen12,500',
      '2alice7,500',
      '3bob3,750',
    ]);
    expect(within(items[0]).getByRole('img', { name: 'Rank 1, gold medal' })).toBeTruthy();
    expect(within(items[1]).getByRole('img', { name: 'Rank 2, silver medal' })).toBeTruthy();
    expect(within(items[2]).getByRole('img', { name: 'Rank 3, bronze medal' })).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain(
      `/api/weekly-leaderboards/${activeWeek.id}/top-scores?limit=3`,
    );
  });

  it('keeps its answer for 60 s', async () => {
    serve(respond(200, weeklyRows.slice(0, 3)));
    const client = renderCard();
    await screen.findAllByRole('listitem');
    const query = client
      .getQueryCache()
      .find({ queryKey: ['leaderboards', 'weekly', 'top', activeWeek.id, { limit: 3 }] });
    expect((query?.observers[0]?.options as { staleTime?: number }).staleTime).toBe(60_000);
  });

  it('says when nobody has played this week', async () => {
    serve(respond(200, []));
    renderCard();
    expect(await screen.findByText('No top scores yet. Be the first!')).toBeTruthy();
  });

  it.each([
    ['null', respond(200, null)],
    ['an empty body', respond(204)],
    ['a week without an id', respond(200, { ...activeWeek, id: '' })],
  ])(
    'shows the empty text, asking for no top scores, when the active week is %s',
    async (_what, answer) => {
      const calls = useApi({ '/api/weekly-leaderboards/active': answer });
      renderCard();
      expect(await screen.findByText('No top scores yet. Be the first!')).toBeTruthy();
      expect(screen.queryByText('Failed to load top scores.')).toBeNull();
      expect(calls.map((c) => c.url)).toEqual(['/api/weekly-leaderboards/active']);
    },
  );

  it('says when the scores cannot be loaded', async () => {
    serve(respond(404, { message: 'Not found' }));
    renderCard();
    expect(await screen.findByText('Failed to load top scores.')).toBeTruthy();
  });

  it('says so too when the active week cannot be loaded', async () => {
    useApi({});
    renderCard();
    expect(await screen.findByText('Failed to load top scores.')).toBeTruthy();
  });
});
