import { screen, within } from '@testing-library/react';
import { daysIn, lastDays } from '@/components/stats/days';
import { respond } from '../helpers/api-server';
import { holdDate } from '../helpers/held-date';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi, queryOf } from '../ads-admin/helpers';

// A day's last millisecond: the pages' today, held.
const range = lastDays(undefined, holdDate('2026-03-10T23:59:59.999Z'));
const days = daysIn(range);
const today = range.to;
const yesterday = days.at(-2)!;

/** The daily rows as the scores service answers them: newest first, days without play zeros. */
const daily = [...days].reverse().map((date) => ({
  date,
  // The client's play counter (practice games too): the dashboard counts the server's games.
  plays: date === today ? 15 : 0,
  completedGames: 0,
  scoresSubmitted: date === today ? 7 : 0,
  uniquePlayers: 0,
  avgGameTime: 0,
}));

function figuresApi() {
  return installAdminApi({
    '/api/admin/check-auth': respond(200, { authenticated: true }),
    '/api/admin/stats/daily': respond(200, daily),
    '/api/admin/stats/new-users': respond(200, {
      ...range,
      days: days.map((day) => ({ day, users: day === today ? 3 : day === yesterday ? 2 : 0 })),
      totalUsers: 140,
    }),
    '/api/admin/game-analytics': respond(200, {
      ...range,
      days: days.map((day) => ({
        day,
        started: day === today ? 12 : day === yesterday ? 8 : 0,
        finished: day === today ? 9 : day === yesterday ? 5 : 0,
        suspicious: day === today ? 1 : 0,
      })),
    }),
    '/api/admin/ads/stats': respond(200, {
      currency: 'usd',
      ads: [],
      days: [
        { adId: 'a', day: today, impressions: 300, clicks: 4 },
        { adId: 'b', day: yesterday, impressions: 200, clicks: 1 },
      ],
      revenue: [{ day: yesterday, revenueCents: 2500, refundedCents: 0 }],
    }),
  });
}

const tilesUnder = (heading: string) =>
  Object.fromEntries(
    within(screen.getByRole('heading', { name: heading }).parentElement!)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

describe('/admin-dashboard', () => {
  it("shows today's and the last 30 days' figures from each service, with a chart of each", async () => {
    const calls = figuresApi();
    renderApp('/admin-dashboard');

    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    await screen.findByRole('img', { name: 'Ad impressions per day' });
    expect(tilesUnder('Today')).toEqual({
      'Games started': '12',
      'Completed games': '9',
      'New users': '3',
      'Scores submitted': '7',
      'Suspicious sessions': '1',
      'Ad revenue': '$0.00',
      'Ad impressions': '300',
    });
    expect(tilesUnder('Last 30 days')).toEqual({
      'Games started': '20',
      'Completed games': '14',
      'New users': '5',
      'Scores submitted': '7',
      'Suspicious sessions': '1',
      'Ad revenue': '$25.00',
      'Ad impressions': '500',
    });
    for (const title of [
      'Games started and completed per day',
      'New users per day',
      'Scores submitted per day',
      'Suspicious sessions per day',
      'Ad revenue per day',
    ]) {
      expect(screen.getByRole('img', { name: title })).toBeTruthy();
    }
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/stats/daily')[0]!)).toEqual({ days: '30' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/stats/new-users')[0]!)).toEqual(range);
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/game-analytics')[0]!)).toEqual(range);
    // The admin tools stay a click away.
    expect(screen.getByRole('link', { name: /Player Tracking/ }).getAttribute('href')).toBe(
      '/admin-player-tracking',
    );
  });

  it('shows what it could read when one service fails, and says which', async () => {
    installAdminApi({
      '/api/admin/check-auth': respond(200, { authenticated: true }),
      '/api/admin/stats/daily': respond(200, daily),
      // (A 4xx, which is not retried, so the test need not wait out the retries of a 503.)
      '/api/admin/stats/new-users': respond(403, { message: 'Admin access required' }),
      '/api/admin/game-analytics': respond(200, { ...range, days: [] }),
      '/api/admin/ads/stats': respond(200, { currency: 'usd', ads: [], days: [], revenue: [] }),
    });
    renderApp('/admin-dashboard');
    expect(
      await screen.findByText(/Could not load the new users: Admin access required/),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    await screen.findByRole('img', { name: 'Scores submitted per day' });
    expect(tilesUnder('Today')).toMatchObject({ 'Scores submitted': '7', 'New users': '—' });
    expect(screen.queryByRole('img', { name: 'New users per day' })).toBeNull();
  });
});
