import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYMENT_POLL_LIMIT,
  PAYMENT_POLL_MS,
  PAYMENT_RECEIVED,
} from '@/features/ads/components/payment-result';
import { leavePageFor } from '@/features/ads/lib/leave-page';
import { useApi, respond, sequence } from '../helpers/api-server';
import { renderApp } from '../helpers/render-app';
import { player } from '../helpers/users';
import { anAd, callsTo, catalog } from './ads-helpers';

jest.mock('@/features/ads/lib/leave-page', () => ({ leavePageFor: jest.fn() }));

const ORDER_PATH = '/api/ads/orders/order-1';

function orderServer(order: ReturnType<typeof sequence> | ReturnType<typeof respond>) {
  return useApi({
    '/api/user': respond(200, player),
    '/api/ads/catalog': respond(200, catalog),
    [`GET ${ORDER_PATH}`]: order,
    [`POST ${ORDER_PATH}/checkout`]: respond(200, {
      checkoutUrl: 'https://checkout.stripe.com/c/pay/cs_1',
    }),
  });
}

/** Lets the poll's next read go out and its answer land. */
async function nextPoll() {
  await act(async () => {
    jest.advanceTimersByTime(PAYMENT_POLL_MS);
  });
}

describe('/payment-success', () => {
  beforeEach(() =>
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] }),
  );

  it('reads the order again while it awaits payment, then says the payment was received', async () => {
    const calls = orderServer(
      sequence(
        respond(200, anAd()),
        respond(200, anAd()),
        respond(200, anAd({ state: 'awaiting_review' })),
      ),
    );
    renderApp('/payment-success?order=order-1');
    expect((await screen.findByTestId('payment-result')).textContent).toBe(
      'Checking your payment...',
    );
    await nextPoll();
    await waitFor(() => expect(callsTo(calls, 'GET', ORDER_PATH)).toHaveLength(2));
    expect(screen.getByTestId('payment-result').textContent).toBe('Checking your payment...');
    await nextPoll();
    await waitFor(() =>
      expect(screen.getByTestId('payment-result').textContent).toBe(PAYMENT_RECEIVED),
    );
    expect(PAYMENT_RECEIVED).toBe('Payment received — your ad is awaiting review');
    expect(screen.getByTestId('order-state').textContent).toBe('Paid, awaiting review');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe(
      '/user-dashboard',
    );

    // Paid: no more reads.
    await nextPoll();
    await nextPoll();
    expect(callsTo(calls, 'GET', ORDER_PATH)).toHaveLength(3);
  });

  it(`stops after ${PAYMENT_POLL_LIMIT} reads and says the payment has not arrived yet`, async () => {
    const calls = orderServer(respond(200, anAd()));
    renderApp('/payment-success?order=order-1');
    await screen.findByTestId('payment-result');
    for (let i = 0; i < PAYMENT_POLL_LIMIT + 3; i++) await nextPoll();
    await waitFor(() =>
      expect(screen.getByTestId('payment-result').textContent).toMatch(/has not reached us yet/),
    );
    expect(callsTo(calls, 'GET', ORDER_PATH)).toHaveLength(PAYMENT_POLL_LIMIT);
    expect(screen.getByRole('link', { name: 'See the order' }).getAttribute('href')).toBe(
      '/payment?order=order-1',
    );
  });

  it('shows the state of an order the server turned down', async () => {
    orderServer(
      respond(
        200,
        anAd({ state: 'rejected', rejectionReason: 'Image too blurry', refundedCents: 2500 }),
      ),
    );
    renderApp('/payment-success?order=order-1');
    await waitFor(() =>
      expect(screen.getByTestId('payment-result').textContent).toBe(
        'Your ad: rejected and refunded',
      ),
    );
    expect(screen.getByText('Image too blurry (refunded $25.00)')).toBeTruthy();
  });
});

describe('/payment', () => {
  beforeEach(() => jest.mocked(leavePageFor).mockClear());

  it("shows the order and 'Pay' while it awaits payment, which goes to checkout", async () => {
    const calls = orderServer(respond(200, anAd()));
    renderApp('/payment?order=order-1');
    expect((await screen.findByTestId('order-state')).textContent).toBe('Awaiting payment');
    expect(screen.getByText('Red ball ad')).toBeTruthy();
    expect(screen.getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Red ball ad image' }).getAttribute('src')).toBe(
      '/api/media/face.webp',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() =>
      expect(leavePageFor).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_1'),
    );
    expect(callsTo(calls, 'POST', `${ORDER_PATH}/checkout`)).toHaveLength(1);
  });

  it.each([
    ['awaiting_review', 'Paid, awaiting review'],
    ['scheduled', 'Scheduled'],
    ['running', 'Running'],
    ['paused', 'Paused'],
    ['ended', 'Ended'],
    ['payment_failed', 'Payment failed'],
  ] as const)('says %s in words, with no Pay button', async (state, words) => {
    orderServer(respond(200, anAd({ state })));
    renderApp('/payment?order=order-1');
    expect((await screen.findByTestId('order-state')).textContent).toBe(words);
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  });

  it("says when the order is not the player's (404)", async () => {
    orderServer(respond(404, { message: 'Order not found' }));
    renderApp('/payment?order=order-1');
    expect(await screen.findByText('This order was not found.')).toBeTruthy();
  });
});
