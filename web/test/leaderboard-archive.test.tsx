import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WeeklyLeaderboard } from '@/features/leaderboards/api/types';
import { useApi, respond } from './helpers/api-server';
import { headers, WEEKLY_COLUMNS, weeklyRows } from './helpers/leaderboards';
import { findLoadError } from './helpers/load-error';
import { renderApp } from './helpers/render-app';

const DAY = 24 * 60 * 60 * 1000;

function week(id: string, monday: string, isActive = false): WeeklyLeaderboard {
  const start = new Date(monday).getTime();
  return {
    id,
    name: `Week of ${monday.slice(0, 10)}`,
    isActive,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * DAY).toISOString(),
  };
}

// Out of order on purpose: the page sorts. Three quarters across a New Year.
const archive = [
  week('a', '2024-12-30T00:00:00Z'), // Q4 2024 (ends in 2025)
  week('d', '2025-04-07T00:00:00Z', true), // Q2 2025
  week('b', '2025-01-06T00:00:00Z'), // Q1 2025
  week('c', '2025-03-31T00:00:00Z'), // Q1 2025: starts in March
  week('e', '2024-10-07T00:00:00Z'), // Q4 2024
];

function serve(weeks: unknown, topScores: Record<string, Response> = {}) {
  return useApi({
    '/api/weekly-leaderboards': respond(200, weeks),
    '/api/weekly-leaderboards/d/top-scores': respond(200, weeklyRows),
    ...topScores,
  });
}

describe('/leaderboard-archive', () => {
  it('groups every week by the quarter of its start date, newest first', async () => {
    serve(archive);
    renderApp('/leaderboard-archive');

    const nav = await screen.findByRole('navigation', { name: 'Weeks by quarter' });
    const quarters = within(nav).getAllByRole('region');
    const summary = quarters.map((q) => ({
      label: within(q).getByRole('heading').firstChild?.textContent,
      weeks: within(q)
        .getAllByRole('button')
        .map((b) => b.querySelector('.archive-week__name')?.textContent),
    }));
    expect(summary).toEqual([
      { label: 'Q2 2025', weeks: ['Week of 2025-04-07'] },
      { label: 'Q1 2025', weeks: ['Week of 2025-03-31', 'Week of 2025-01-06'] },
      { label: 'Q4 2024', weeks: ['Week of 2024-12-30', 'Week of 2024-10-07'] },
    ]);
    expect(within(quarters[1]).getByRole('heading').textContent).toBe('Q1 20252 weeks');
  });

  it("preselects the newest week and shows its table; another week's table on click", async () => {
    serve(archive, {
      '/api/weekly-leaderboards/c/top-scores': respond(200, []),
    });
    renderApp('/leaderboard-archive');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { name: 'Week of 2025-04-07 Leaderboard' }),
    ).toBeTruthy();
    const newest = screen.getByRole('button', { name: /Week of 2025-04-07/ });
    expect(newest.getAttribute('aria-pressed')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Week of 2025-04-07 scores' });
    expect(headers(table)).toEqual(WEEKLY_COLUMNS);
    expect(within(table).getByRole('img', { name: 'Rank 1, gold medal' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /Week of 2025-03-31/ }));
    expect(
      await screen.findByRole('heading', { name: 'Week of 2025-03-31 Leaderboard' }),
    ).toBeTruthy();
    expect(screen.getByText('Week runs from Mar 31 to Apr 6, 2025')).toBeTruthy();
    expect(await screen.findByText('No scores for this week.')).toBeTruthy();
    expect(newest.getAttribute('aria-pressed')).toBe('false');
  });

  it('writes the year on both ends of a week across New Year', async () => {
    serve(archive);
    renderApp('/leaderboard-archive?week=a');
    expect(await screen.findByText('Week runs from Dec 30, 2024 to Jan 5, 2025')).toBeTruthy();
  });

  it('says so when there are no weekly boards yet', async () => {
    serve([]);
    renderApp('/leaderboard-archive');
    expect(await screen.findByText('No historical leaderboards available')).toBeTruthy();
  });

  it("shows 'Error loading weekly leaderboards' when the weeks cannot be loaded", async () => {
    renderApp('/leaderboard-archive');
    await findLoadError('Error loading weekly leaderboards');
  });

  it('leads back to /leaderboards', async () => {
    serve(archive);
    renderApp('/leaderboard-archive');
    const back = await screen.findByRole('link', { name: 'Back to Leaderboards' });
    expect(back.getAttribute('href')).toBe('/leaderboards');
  });
});
