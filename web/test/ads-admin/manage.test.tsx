import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { respond, sentBody } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi, makeAd, queryOf } from './helpers';

const running = makeAd({
  state: 'running',
  startsAt: '2026-11-24T12:00:00.000Z',
  endsAt: '2026-12-01T12:00:00.000Z',
  impressions: 1204,
  clicks: 31,
});
const path = (action: string) => `/api/admin/ads/${running.id}/${action}`;

describe('/admin-ad-management', () => {
  it('lists every ball ad and filters by state through the address', async () => {
    const calls = installAdminApi({
      '/api/admin/ads': respond(200, [running]),
      '/api/admin/icons': respond(200, []),
    });
    renderApp('/admin-ad-management');
    const card = await screen.findByRole('article', { name: 'Ad by ann' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads')[0])).toEqual({ kind: 'ball' });
    expect(within(card).getByText('Running')).toBeTruthy();
    expect(within(card).getByText(/1,204 · 31/)).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('State'), 'paused');
    await waitFor(() =>
      expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads').at(-1)!)).toEqual({
        kind: 'ball',
        state: 'paused',
      }),
    );
  });

  it('pauses a running ad and refreshes the list', async () => {
    let current = running;
    const calls = installAdminApi({
      '/api/admin/ads': () => respond(200, [current]),
      '/api/admin/icons': respond(200, []),
      [`POST ${path('pause')}`]: () => {
        current = { ...running, state: 'paused' };
        return respond(200, current);
      },
    });
    renderApp('/admin-ad-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));

    expect(await screen.findByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(callsTo(calls, 'POST', path('pause'))).toHaveLength(1);
    expect(screen.getByText('Ad paused')).toBeTruthy();
  });

  it('ends early only once a refund choice is made, and sends it', async () => {
    const calls = installAdminApi({
      '/api/admin/ads': respond(200, [running]),
      '/api/admin/icons': respond(200, []),
      [`POST ${path('end')}`]: respond(200, { ...running, state: 'ended', refundedCents: 1200 }),
    });
    renderApp('/admin-ad-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'End early' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'End ad now' }));
    expect(within(dialog).getByText('Choose whether to refund the unused part.')).toBeTruthy();
    expect(callsTo(calls, 'POST', path('end'))).toHaveLength(0);

    await user.click(within(dialog).getByLabelText(/Refund the unused part/));
    await user.click(within(dialog).getByRole('button', { name: 'End ad now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'POST', path('end')).map(sentBody)).toEqual([{ refund: 'unused' }]);
    expect(screen.getByText('Refunded $12.00.')).toBeTruthy();
  });

  it('moves the start of a scheduled ad', async () => {
    const scheduled = makeAd({
      state: 'scheduled',
      startsAt: '2099-01-10T12:00:00.000Z',
      endsAt: '2099-01-17T12:00:00.000Z',
    });
    const calls = installAdminApi({
      '/api/admin/ads': respond(200, [scheduled]),
      '/api/admin/icons': respond(200, []),
      [`POST /api/admin/ads/${scheduled.id}/schedule`]: respond(200, scheduled),
    });
    renderApp('/admin-ad-management');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change start' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Save start' }),
    );
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `/api/admin/ads/${scheduled.id}/schedule`)).toHaveLength(1),
    );
    expect(sentBody(callsTo(calls, 'POST', `/api/admin/ads/${scheduled.id}/schedule`)[0])).toEqual({
      startsAt: '2099-01-10T12:00:00.000Z',
    });
  });
});

describe('/admin-banner-ads-manage', () => {
  it('lists banners with their actions by state', async () => {
    const paused = makeAd({
      kind: 'banner',
      color: '',
      state: 'paused',
      startsAt: running.startsAt,
      endsAt: running.endsAt,
    });
    const calls = installAdminApi({ '/api/admin/ads': respond(200, [paused]) });
    renderApp('/admin-banner-ads-manage');
    const card = await screen.findByRole('article', { name: 'Ad by ann' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads')[0]).kind).toBe('banner');
    expect(within(card).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'End early' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Pause' })).toBeNull();
  });
});
