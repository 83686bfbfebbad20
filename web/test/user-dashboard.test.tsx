import { screen, within } from '@testing-library/react';
import type { MyGame } from '@/features/account/api/types';
import { useApi, respond } from './helpers/api-server';
import { renderApp } from './helpers/render-app';
import { player } from './helpers/users';

const game = (over: Partial<MyGame>): MyGame => ({
  id: 'g',
  playerName: 'alice',
  score: 1200,
  level: 3,
  moves: 40,
  createdAt: '2026-11-20T10:00:00.000Z',
  reviewState: 'accepted',
  voidedAt: null,
  weekId: 'w1',
  seasonId: null,
  reset: false,
  ...over,
});

const pagination = (total: number) => ({
  currentPage: 1,
  totalPages: Math.ceil(total / 10),
  total,
  hasNextPage: total > 10,
  hasPrevPage: false,
});

describe('/user-dashboard', () => {
  it('shows the best score, both ranks and the latest games with what became of them', async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/user/standing': respond(200, {
        gamesOnBoards: 11,
        best: { id: 'g1', score: 12345, level: 7, createdAt: '2026-11-20T10:00:00.000Z' },
        allTimeRank: 42,
        week: { id: 'w1', name: 'Week of Nov 23, 2026' },
        weekly: { totalScore: 20000, gamesPlayed: 3 },
        weeklyRank: 3,
      }),
      '/api/user/scores': respond(200, {
        data: [
          game({ id: 'g1', score: 12345 }),
          game({ id: 'g2', reviewState: 'held' }),
          game({ id: 'g3', reviewState: 'rejected' }),
          game({ id: 'g4', voidedAt: '2026-11-21T10:00:00.000Z' }),
        ],
        pagination: pagination(12),
      }),
      '/api/ads/mine': respond(200, []),
    });
    renderApp('/user-dashboard');

    const standing = await screen.findByRole('region', { name: 'Your standing' });
    const tiles = await within(standing).findAllByRole('definition');
    expect(tiles.map((t) => t.textContent)).toEqual(['12,345', '#42', '#3', '11']);

    const recent = screen.getByRole('region', { name: 'Recent games' });
    const rows = await within(recent).findAllByTestId('recent-game');
    expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'On the boards',
      'Under review',
      'Rejected',
      'Removed',
    ]);
    expect(within(recent).getByText('Your latest 4 of 12 games.')).toBeTruthy();
    // What was there stays: the account card, its links to buy ads, and 'My ads'.
    expect(screen.getAllByRole('link', { name: /Buy Banner Ads/ }).length).toBeGreaterThan(0);
    expect(await screen.findByText('My ads')).toBeTruthy();
  });

  it('invites a player without games to play', async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/user/standing': respond(200, {
        gamesOnBoards: 0,
        best: null,
        allTimeRank: null,
        week: { id: 'w1', name: 'Week of Nov 23, 2026' },
        weekly: null,
        weeklyRank: null,
      }),
      '/api/user/scores': respond(200, { data: [], pagination: pagination(0) }),
      '/api/ads/mine': respond(200, []),
    });
    renderApp('/user-dashboard');
    expect(await screen.findByText(/No scores on the leaderboards yet/)).toBeTruthy();
    expect(
      await screen.findByText('Your verified games will be listed here once you submit a score.'),
    ).toBeTruthy();
  });
});
