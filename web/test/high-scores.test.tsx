import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reloadPage } from '@/lib/reload-page';
import { useApi, respond, type Route } from './helpers/api-server';
import { foldedTexts, topScores, wideRowTexts } from './helpers/leaderboards';
import { renderApp } from './helpers/render-app';

jest.mock('@/lib/reload-page', () => ({ reloadPage: jest.fn() }));

function serve(scores: Route) {
  return useApi({ '/api/scores/top': scores });
}

describe('/high-scores', () => {
  it('shows the ranked table with its columns, highlights and formats', async () => {
    const calls = serve(respond(200, topScores));
    renderApp('/high-scores');

    expect(await screen.findByRole('heading', { name: 'High Scores', level: 1 })).toBeTruthy();
    expect(screen.getByText('The best ball busters in town!')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'High scores' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Rank', 'Player', 'Score', 'Level', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(wideRowTexts(rows)).toEqual([
      ['1', 'BallWizard', '1,234,567', '14', new Date('2025-03-20T10:00:00Z').toLocaleDateString()],
      ['2', 'ComboQueen', '35,713', '12', new Date('2025-03-18T10:00:00Z').toLocaleDateString()],
      ['3', 'alice', '30,500', '11', new Date('2025-03-16T10:00:00Z').toLocaleDateString()],
      ['4', 'nina', '999', '2', 'N/A'],
    ]);
    // On a phone the Date column folds under the name (leaderboard-table.css), never cut off.
    expect(foldedTexts(rows)).toEqual([
      [new Date('2025-03-20T10:00:00Z').toLocaleDateString()],
      [new Date('2025-03-18T10:00:00Z').toLocaleDateString()],
      [new Date('2025-03-16T10:00:00Z').toLocaleDateString()],
      ['N/A'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((th) => th.classList.contains('lb-secondary'))
        .map((th) => th.textContent),
    ).toEqual(['Date']);
    // Top 3 highlighted, the first with its own styling.
    expect(rows.slice(0, 3).every((r) => r.className.includes('lb-row--top'))).toBe(true);
    expect(rows[0].className).toContain('lb-row--first');
    expect(rows[1].className).not.toContain('lb-row--first');
    expect(rows[3].className).not.toContain('lb-row--top');
    expect(screen.getByRole('link', { name: 'Back to Game' }).getAttribute('href')).toBe('/');
    expect(calls.some((c) => c.url === '/api/scores/top?limit=50')).toBe(true);
  });

  it('shows a spinner while loading', async () => {
    serve(() => new Promise(() => undefined));
    renderApp('/high-scores');
    expect(await screen.findByText('Loading high scores...')).toBeTruthy();
    expect(screen.getByTestId('board-loading')).toBeTruthy();
  });

  it("says 'Failed to load high scores' and Retry reloads the page", async () => {
    serve(respond(404, { message: 'Not found' }));
    renderApp('/high-scores');
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load high scores')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('invites the first player when there are no scores', async () => {
    serve(respond(200, []));
    renderApp('/high-scores');
    expect(await screen.findByText('No high scores yet. Be the first!')).toBeTruthy();
  });

  it("lays out the 'Recent Scores' card, waiting for its feed", async () => {
    serve(respond(200, topScores));
    renderApp('/high-scores');
    const card = (await screen.findByRole('heading', { name: 'Recent Scores' })).closest(
      '.card',
    ) as HTMLElement;
    expect(within(card).getByText('Connecting...')).toBeTruthy();
    expect(within(card).getByText('Score updates appear in real-time')).toBeTruthy();
    expect(within(card).getByText('Waiting for new scores to be submitted...')).toBeTruthy();
  });
});
