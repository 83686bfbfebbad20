import { screen } from '@testing-library/react';
import { PAYMENTS_UNAVAILABLE } from '@/features/ads/components/payments-unavailable';
import { useApi, respond } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { player } from '../helpers/users';
import { catalog, callsTo } from './ads-helpers';

describe("'Payment System Not Available'", () => {
  it.each([
    '/buy-ads',
    '/buy-banner-ads',
    '/payment?order=order-1',
    '/payment-success?order=order-1',
  ])('%s shows it when the server says payments are off', async (path) => {
    const calls = useApi({
      '/api/user': respond(200, player),
      '/api/ads/catalog': respond(200, { ...catalog, paymentsAvailable: false }),
    });
    renderApp(path);
    expect(
      await screen.findByRole('heading', { name: 'Payment System Not Available' }),
    ).toBeTruthy();
    expect(screen.getByTestId('payments-unavailable').textContent).toContain(
      PAYMENTS_UNAVAILABLE.text,
    );
    expect(PAYMENTS_UNAVAILABLE.text).toMatch(/development mode/);
    expect(PAYMENTS_UNAVAILABLE.text).toMatch(/payment system is not configured/);
    expect(screen.getByRole('link', { name: 'Go to Game' }).getAttribute('href')).toBe('/');
    // Nothing of the page behind it: no form, no order read.
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    expect(calls.filter((c) => c.url.startsWith('/api/ads/orders'))).toHaveLength(0);
    expect(callsTo(calls, 'GET', '/api/ads/catalog')).toHaveLength(1);
  });

  it('is not shown when payments work', async () => {
    useApi({
      '/api/user': respond(200, player),
      '/api/ads/catalog': respond(200, catalog),
    });
    renderApp('/buy-ads');
    expect(await screen.findByRole('heading', { name: 'Buy Ads' })).toBeTruthy();
    expect(screen.queryByText('Payment System Not Available')).toBeNull();
  });
});
