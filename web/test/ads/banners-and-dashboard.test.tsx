import { screen, waitFor, within } from '@testing-library/react';
import { AD_BLOCKER_TITLE } from '@/features/game/components/stats-bar';
import { useApi, respond, sentBody } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { player } from '../helpers/users';
import { anAd, callsTo, headerOf } from './ads-helpers';

function banner(offerId: string) {
  return {
    offerId,
    adId: 'ad-banner',
    imageUrl: '/api/media/banner.webp',
    clickUrl: `/api/ads/go/${offerId}`,
    width: 728,
    height: 90,
  };
}

/** GET /api/banner-ads answers by placement: a banner or 204. */
function banners(byPlacement: Record<string, unknown>) {
  return useApi({
    'GET /api/banner-ads': (call) => {
      const placement = new URL(call.url, 'http://x').searchParams.get('placement') ?? '';
      return placement in byPlacement ? respond(200, byPlacement[placement]) : respond(204);
    },
    'POST /api/ads/ad-banner/impression': respond(204),
  });
}

describe('banner places', () => {
  it('/banner-ads-test shows the running test banner, linked through its offer, and counts it once', async () => {
    const calls = banners({ test: banner('offer-test-1') });
    renderApp('/banner-ads-test');
    const place = await screen.findByTestId('banner-test');
    const link = within(place).getByRole('link');
    expect(link.getAttribute('href')).toBe('/api/ads/go/offer-test-1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener sponsored');
    const image = within(place).getByRole('img', { name: 'Advertisement' });
    expect(image.getAttribute('src')).toBe('/api/media/banner.webp');
    expect(image.getAttribute('width')).toBe('728');
    expect(screen.getByTestId('banner-state').textContent).toBe('Shown');

    await waitFor(() =>
      expect(callsTo(calls, 'POST', '/api/ads/ad-banner/impression')).toHaveLength(1),
    );
    const [impression] = callsTo(calls, 'POST', '/api/ads/ad-banner/impression');
    expect(headerOf(impression, 'X-Ad-Offer')).toBe('offer-test-1');
    expect(sentBody(impression)).toEqual({});
    // The footer's place had none running (204): nothing at all, not an empty box.
    expect(screen.queryByTestId('banner-footer')).toBeNull();
    expect(screen.getAllByRole('complementary', { name: 'Advertisement' })).toHaveLength(1);
  });

  it("says 'None running' and shows nothing when no banner runs", async () => {
    const calls = banners({});
    renderApp('/banner-ads-test');
    await waitFor(() =>
      expect(screen.getByTestId('banner-state').textContent).toBe('None running'),
    );
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/impression'))).toHaveLength(0);
  });

  it("the site's footer place shows a running banner on every page", async () => {
    banners({ footer: banner('offer-footer-1') });
    renderApp('/leaderboards');
    const place = await screen.findByTestId('banner-footer');
    expect(within(place).getByRole('link').getAttribute('href')).toBe('/api/ads/go/offer-footer-1');
  });
});

describe('/ad-blocker-demo', () => {
  it("shows the stub's state and explains the 'reduced' marker", async () => {
    banners({});
    renderApp('/ad-blocker-demo');
    expect((await screen.findByTestId('ad-blocker-detected')).textContent).toBe('No');
    expect(screen.getByTestId('points-multiplier').textContent).toBe('1');
    expect(screen.getByText('reduced').getAttribute('title')).toBe(AD_BLOCKER_TITLE);
    expect(AD_BLOCKER_TITLE).toBe('Ad blocker detected - only receiving 10% of points');
  });
});

describe("the dashboard's 'My ads'", () => {
  it('lists every ad with its state, run, figures and what to do next, and keeps the account', async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/ads/mine': respond(200, [
        anAd({ id: 'a1', orderId: 'order-1' }),
        anAd({
          id: 'a2',
          kind: 'banner',
          color: '',
          state: 'running',
          startsAt: '2026-11-24T12:00:00.000Z',
          endsAt: '2026-12-01T12:00:00.000Z',
          impressions: 2000,
          clicks: 31,
        }),
        anAd({ id: 'a3', state: 'rejected', rejectionReason: 'Not suitable for all ages' }),
      ]),
    });
    renderApp('/user-dashboard');
    const rows = await screen.findAllByTestId('my-ad');
    expect(rows.map((r) => r.dataset.state)).toEqual(['awaiting_payment', 'running', 'rejected']);

    expect(within(rows[0]).getByText('Red ball ad')).toBeTruthy();
    expect(within(rows[0]).getByText('Awaiting payment')).toBeTruthy();
    expect(
      within(rows[0]).getByRole('link', { name: 'Pay for this ad' }).getAttribute('href'),
    ).toBe('/payment?order=order-1');
    expect(within(rows[0]).getByText('Not scheduled yet')).toBeTruthy();

    expect(within(rows[1]).getByText('Banner ad')).toBeTruthy();
    expect(within(rows[1]).getByText('2,000')).toBeTruthy();
    expect(within(rows[1]).getByText('31')).toBeTruthy();
    expect(within(rows[1]).getByText('1.6%')).toBeTruthy();
    expect(within(rows[1]).queryByRole('link')).toBeNull();

    expect(within(rows[2]).getByText('Reason: Not suitable for all ages')).toBeTruthy();
    expect(within(rows[2]).getByText('—')).toBeTruthy();

    const section = screen
      .getByRole('heading', { name: 'My ads' })
      .closest('.my-ads') as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Buy Ads' }).getAttribute('href')).toBe(
      '/buy-ads',
    );
    expect(within(section).getByRole('link', { name: 'Buy Banner Ads' }).getAttribute('href')).toBe(
      '/buy-banner-ads',
    );
    // What the dashboard showed before stays.
    expect(screen.getByText('alice@example.com')).toBeTruthy();
  });
});
