import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { respond, sentBody } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { callsTo, installAdminApi, makeAd, queryOf } from './helpers';

const ad = makeAd();
const approvePath = `/api/admin/ads/${ad.id}/approve`;
const rejectPath = `/api/admin/ads/${ad.id}/reject`;

/** GET /api/admin/ads answers `list` until an action changes it. */
function adminAds(list: unknown[]) {
  const state = { list };
  return { state, handler: () => respond(200, state.list) };
}

function dialog() {
  return screen.getByRole('dialog');
}

describe('/admin-ads-review', () => {
  it('shows each ad awaiting review with its image, board preview and order', async () => {
    const calls = installAdminApi({ '/api/admin/ads': respond(200, [ad]) });
    renderApp('/admin-ads-review');

    const card = await screen.findByRole('article', { name: 'Ad by ann' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads')[0])).toEqual({
      kind: 'ball',
      state: 'awaiting_review',
    });
    expect(screen.getByText('1 ad is waiting for review.')).toBeTruthy();
    const image = within(card).getByRole('img', { name: 'red ball ad by ann' });
    expect(image.getAttribute('src')).toBe('/api/media/3f0c.webp');
    const board = within(card).getByRole('img', { name: /A 6 by 8 board whose \d+ red balls/ });
    // Its red balls wear the image, drawn by the board's rule.
    expect(
      board.querySelectorAll('canvas[data-image="/api/media/3f0c.webp"]').length,
    ).toBeGreaterThan(0);
    const link = within(card).getByRole('link', { name: 'https://example.com/shoes' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(card).getByText('$25.00')).toBeTruthy();
    expect(within(card).getByText('7 days')).toBeTruthy();
    expect(within(card).getByText('ann')).toBeTruthy();
  });

  it('says so when nothing is waiting', async () => {
    installAdminApi({ '/api/admin/ads': respond(200, []) });
    renderApp('/admin-ads-review');
    expect(await screen.findByText('No ball ads are waiting for review.')).toBeTruthy();
  });

  it('approves now with an empty body and refreshes the list', async () => {
    const ads = adminAds([ad]);
    const calls = installAdminApi({
      '/api/admin/ads': ads.handler,
      [`POST ${approvePath}`]: () => {
        ads.state.list = [];
        return respond(200, { ...ad, state: 'running' });
      },
    });
    renderApp('/admin-ads-review');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('No ball ads are waiting for review.')).toBeTruthy();
    expect(callsTo(calls, 'POST', approvePath).map(sentBody)).toEqual([{}]);
    expect(callsTo(calls, 'GET', '/api/admin/ads')).toHaveLength(2);
    expect(screen.getByText('Ad approved')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('approves with a chosen start, sent as ISO 8601', async () => {
    const calls = installAdminApi({
      '/api/admin/ads': respond(200, [ad]),
      [`POST ${approvePath}`]: respond(200, { ...ad, state: 'scheduled' }),
    });
    renderApp('/admin-ads-review');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.change(within(dialog()).getByLabelText('Start (optional)'), {
      target: { value: '2099-03-01T09:30' },
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(callsTo(calls, 'POST', approvePath)).toHaveLength(1));
    expect(sentBody(callsTo(calls, 'POST', approvePath)[0])).toEqual({
      startsAt: new Date('2099-03-01T09:30').toISOString(),
    });
  });

  it('shows the server refusal in the dialog', async () => {
    installAdminApi({
      '/api/admin/ads': respond(200, [ad]),
      [`POST ${approvePath}`]: respond(409, { message: 'This ad is not awaiting review' }),
    });
    renderApp('/admin-ads-review');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog()).findByText('This ad is not awaiting review')).toBeTruthy();
  });

  it('needs a reason to reject, says the refund is automatic, and sends the reason', async () => {
    const ads = adminAds([ad]);
    const calls = installAdminApi({
      '/api/admin/ads': ads.handler,
      [`POST ${rejectPath}`]: (): Response => {
        ads.state.list = [];
        return respond(200, { ...ad, state: 'rejected', refundedCents: 2500 });
      },
    });
    renderApp('/admin-ads-review');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(within(dialog()).getByText(/refunded in full \(\$25\.00\) automatically/)).toBeTruthy();

    await user.type(within(dialog()).getByLabelText('Reason (shown to the advertiser)'), '   ');
    await user.click(within(dialog()).getByRole('button', { name: 'Reject and refund' }));
    expect(within(dialog()).getByText('Give a reason: the advertiser is shown it.')).toBeTruthy();
    expect(callsTo(calls, 'POST', rejectPath)).toHaveLength(0);

    await user.type(
      within(dialog()).getByLabelText('Reason (shown to the advertiser)'),
      'The image shows a trademark',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Reject and refund' }));

    expect(await screen.findByText('No ball ads are waiting for review.')).toBeTruthy();
    expect(callsTo(calls, 'POST', rejectPath).map(sentBody)).toEqual([
      { reason: 'The image shows a trademark' },
    ]);
    expect(callsTo(calls, 'GET', '/api/admin/ads')).toHaveLength(2);
  });
});

describe('/admin-banner-ads-review', () => {
  it('reads the banners and previews them at 728 × 90 and at phone width', async () => {
    const banner = makeAd({ kind: 'banner', color: '' });
    const calls = installAdminApi({ '/api/admin/ads': respond(200, [banner]) });
    renderApp('/admin-banner-ads-review');

    const card = await screen.findByRole('article', { name: 'Ad by ann' });
    expect(queryOf(callsTo(calls, 'GET', '/api/admin/ads')[0]).kind).toBe('banner');
    expect(within(card).getByText('Desktop footer, 728 × 90')).toBeTruthy();
    expect(within(card).getByText('Phone, 360 px wide')).toBeTruthy();
    expect(within(card).queryByText('Colour')).toBeNull();
  });
});
