import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lastDays } from '@/components/stats/days';
import { respond } from '../helpers/api-server';
import { holdDate } from '../helpers/held-date';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi, makeAd, queryOf } from './helpers';

// A day's last millisecond: the pages' today, held.
const range = lastDays(undefined, holdDate('2026-03-10T23:59:59.999Z'));

/** What a phone shows under an ad's name ('30 clicks', ...). */
const foldedTexts = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('.stats-table__folded > span')).map((s) => s.textContent);
const adNameOf = (row: HTMLElement) => row.querySelector('.stats-table__name')?.textContent;
const shoes = makeAd({ id: 'ad-shoes', advertiserName: 'ann', state: 'running' });
const hats = makeAd({
  id: 'ad-hats',
  advertiserName: 'bob',
  kind: 'banner',
  color: '',
  state: 'ended',
  priceCents: 4000,
});

describe('/admin-ads-stats', () => {
  it('shows per-ad figures for the last 30 days, revenue with refunds, and sorts', async () => {
    const calls = installAdminApi({
      '/api/admin/ads/stats': respond(200, {
        currency: 'usd',
        ads: [shoes, hats],
        days: [
          { adId: 'ad-shoes', day: range.to, impressions: 1000, clicks: 20 },
          { adId: 'ad-shoes', day: range.from, impressions: 200, clicks: 10 },
          { adId: 'ad-hats', day: range.to, impressions: 400, clicks: 40 },
        ],
        revenue: [{ day: range.to, revenueCents: 6500, refundedCents: 1200 }],
      }),
    });
    renderApp('/admin-ads-stats');

    const table = await screen.findByRole('table', { name: 'Per ad, within the chosen days' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads/stats')[0])).toEqual(range);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Running', '1,200', '30', '2.50%', '$25.00'],
      ['Ended', '400', '40', '10.00%', '$40.00'],
    ]);
    // On a phone only Ad and Impressions stay columns; the rest folds under the name (stats.css).
    expect(rows.map(foldedTexts)).toEqual([
      ['Running', '30 clicks', '2.50% click-through', '$25.00'],
      ['Ended', '40 clicks', '10.00% click-through', '$40.00'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .filter((th) => !th.classList.contains('stats-table__secondary'))
        .map((th) => th.textContent),
    ).toEqual(['Ad', 'Impressions ▼']);

    const tiles = screen.getByText('Net').closest('dl')!;
    expect(within(tiles).getByText('1,600')).toBeTruthy();
    expect(within(tiles).getByText('$65.00')).toBeTruthy();
    expect(within(tiles).getByText('$12.00')).toBeTruthy();
    expect(within(tiles).getByText('$53.00')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Revenue per day' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Click-through' }));
    const sorted = within(table).getAllByRole('row').slice(1);
    expect(adNameOf(sorted[0])).toBe('bob · banner');
  });
});

describe('/admin-icons-stats', () => {
  it('shows impressions per colour per day and in all', async () => {
    const calls = installAdminApi({
      '/api/admin/icons/stats': respond(200, {
        days: [
          { color: 'red', day: range.to, impressions: 300 },
          { color: 'red', day: range.from, impressions: 100 },
          { color: 'blue', day: range.to, impressions: 100 },
        ],
      }),
    });
    renderApp('/admin-icons-stats');

    expect(await screen.findByRole('img', { name: 'Icon impressions per day' })).toBeTruthy();
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/icons/stats')[0])).toEqual(range);
    const totals = screen.getByRole('heading', { name: 'Totals per colour' }).parentElement!;
    const red = within(totals).getByRole('rowheader', { name: 'red' }).closest('tr')!;
    expect(
      within(red)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['400', '80.0%']);
    const tile = screen.getByText('Icon impressions').parentElement!;
    expect(within(tile).getByText('500')).toBeTruthy();
  });
});
