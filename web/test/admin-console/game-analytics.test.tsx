import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastDays } from '@/components/stats/days';
import { respond } from '../helpers/api-server';
import { holdDate } from '../helpers/held-date';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi, queryOf } from '../ads-admin/helpers';

// A day's last millisecond: the pages' today, held.
const range = lastDays(undefined, holdDate('2026-03-10T23:59:59.999Z'));

/** Histogram buckets from their lower edges (the last one open: \`to\` 0) and their games. */
const buckets = (edges: number[], games: number[]) =>
  edges.map((from, i) => ({ from, to: edges[i + 1] ?? 0, games: games[i] }));

const analytics = {
  ...range,
  gamesStarted: 14,
  gamesFinished: 12,
  levels: [
    { level: 1, games: 5 },
    { level: 2, games: 4 },
    { level: 4, games: 3 },
  ],
  gameSeconds: buckets([0, 60, 120, 300, 600, 1200], [2, 4, 6, 0, 0, 0]),
  meanGameSeconds: 140.4,
  medianGameSeconds: 125,
  moves: buckets([0, 10, 20, 30, 50, 100], [3, 6, 3, 0, 0, 0]),
  meanMoves: 15.6,
  medianMoves: 14,
  extraMovesOffered: 8,
  extraMovesTaken: 2,
  days: [{ day: range.to, started: 14, finished: 12, suspicious: 1 }],
};

const figuresOf = (title: string) => {
  const figure = screen.getByRole('img', { name: title }).closest('figure')!;
  return within(figure)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children).map((cell) => cell.textContent));
};

describe('/game-analytics', () => {
  it('charts levels reached, game length, moves, extra moves and plays per day', async () => {
    const calls = installAdminApi({ '/api/admin/game-analytics': respond(200, analytics) });
    renderApp('/game-analytics');

    await screen.findByRole('img', { name: 'Level reached' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/game-analytics')[0]!)).toEqual(range);
    const tiles = screen.getByText('Games finished').closest('dl')!;
    const tile = (label: string) => within(tiles).getByText(label).nextElementSibling?.textContent;
    expect(tile('Games started')).toBe('14');
    expect(tile('Games finished')).toBe('12');
    expect(tile('Mean game length')).toBe('2 min 20 s');
    expect(tile('Median game length')).toBe('2 min 5 s');
    expect(tile('Mean moves')).toBe('16');
    expect(tile('Extra moves taken')).toBe('2 of 8 (25.0%)');

    expect(figuresOf('Level reached')).toEqual([
      ['Level 1', '5'],
      ['Level 2', '4'],
      ['Level 4', '3'],
    ]);
    expect(figuresOf('Game length').slice(0, 3)).toEqual([
      ['under 1 min', '2'],
      ['1–2 min', '4'],
      ['2–5 min', '6'],
    ]);
    expect(figuresOf('Game length').at(-1)).toEqual(['20+ min', '0']);
    expect(figuresOf('Moves per game').map(([label]) => label)).toEqual([
      '0–9',
      '10–19',
      '20–29',
      '30–49',
      '50–99',
      '100+',
    ]);
    expect(figuresOf('Extra moves take-up')).toEqual([
      ['Ran out of moves', '8'],
      ['Took the extra moves', '2'],
    ]);
    expect(figuresOf('Ranked games started and finished per day').at(-1)).toEqual([
      range.to,
      '14',
      '12',
    ]);
  });

  it('asks for the chosen days, and says so when no game ended in them', async () => {
    const calls = installAdminApi({
      '/api/admin/game-analytics': (call) => {
        const { from, to } = queryOf(call);
        return respond(200, {
          ...analytics,
          from,
          to,
          gamesStarted: 0,
          gamesFinished: 0,
          levels: [],
          days: [],
        });
      },
    });
    renderApp('/game-analytics');
    expect(await screen.findByText('No ranked game ended in these days.')).toBeTruthy();
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const asked = () => callsTo(calls, 'GET', '/api/admin/game-analytics').map(queryOf);
    await screen.findByText('No ranked game ended in these days.');
    expect(asked()).toContainEqual({ from: '2026-01-01', to: range.to });
    expect(screen.getByText('Mean game length').nextElementSibling?.textContent).toBe('—');
  });
});
