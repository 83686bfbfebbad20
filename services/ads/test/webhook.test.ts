import type { AppError } from '@ballmatch/platform';
import { httpStatusOf } from '@ballmatch/platform';
import { deliver, failure, orderAd, sessionOf, startAds, type AdsHarness } from './harness';

let harness: AdsHarness;
beforeAll(async () => {
  harness = await startAds();
});
afterAll(() => harness.close());

/** An order whose session Stripe has marked paid, and the event saying so (not delivered). */
async function paidButUnannounced() {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await orderAd(advertiser);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  // Paid at Stripe, but the order is only read from the database here (no GetOrder retrieval).
  const session = stripe.markPaid(sessionOf(stripe, ad.orderId).id);
  const state = async () =>
    (await harness.admin.listAds({ kind: '', state: '' })).ads.find((a) => a.id === ad.id)!.state;
  return { event: stripe.event('checkout.session.completed', session), state };
}

describe('a webhook delivery that is not Stripe’s, as Stripe sent it, changes nothing', () => {
  const refused = async (signature: (payload: string) => string) => {
    const { event, state } = await paidButUnannounced();
    const error = await failure(deliver(harness, event, signature));
    expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', message: 'Invalid signature' });
    expect(httpStatusOf(error as AppError)).toBe(400);
    expect(await state()).toBe('awaiting_payment');
    // The same event, properly signed, still applies: nothing of it was recorded.
    expect((await deliver(harness, event)).applied).toBe(true);
    expect(await state()).toBe('awaiting_review');
  };

  it('forged: signed with another secret', () =>
    refused((p) => harness.stripe!.sign(p, { secret: 'whsec_not_the_one' })));

  it('stale: signed 10 minutes ago (replayed after the 300 s tolerance)', () =>
    refused((p) => harness.stripe!.sign(p, { timestamp: Math.floor(Date.now() / 1000) - 600 })));

  it('unsigned', () => refused(() => ''));

  it('signed over another body', () =>
    refused(() => harness.stripe!.sign(JSON.stringify({ id: 'evt_other' }))));
});

it('a replayed event (the same id again) is applied once', async () => {
  const { event, state } = await paidButUnannounced();
  const first = await deliver(harness, event);
  const copies = await Promise.all([1, 2].map(() => deliver(harness, event)));
  expect(first.applied).toBe(true);
  expect(copies.map((c) => c.applied)).toEqual([false, false]);
  expect(await state()).toBe('awaiting_review');
});

it('an event for an order whose amount differs from the session pays nothing', async () => {
  const { event, state } = await paidButUnannounced();
  const tampered = structuredClone(event) as typeof event & {
    data: { object: { amount_total: number } };
  };
  tampered.data.object.amount_total = 1;
  tampered.id = `${event.id}_tampered`;
  expect((await deliver(harness, tampered)).applied).toBe(true);
  expect(await state()).toBe('awaiting_payment');
});

it('an unpaid completion (a delayed payment method) waits for async_payment_succeeded', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await orderAd(advertiser);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  const open = sessionOf(stripe, ad.orderId);
  await deliver(
    harness,
    stripe.event('checkout.session.completed', { ...open, status: 'complete' }),
  );
  const listed = async () =>
    (await harness.admin.listAds({ kind: 'ball', state: '' })).ads.find((a) => a.id === ad.id)!;
  expect((await listed()).state).toBe('awaiting_payment');
  const paid = stripe.markPaid(open.id);
  await deliver(harness, stripe.event('checkout.session.async_payment_succeeded', paid));
  expect((await listed()).state).toBe('awaiting_review');
});
