import { randomUUID } from 'node:crypto';
import { JSONCodec } from 'nats';
import { eventually } from '@ballmatch/platform/testing';
import {
  deliver,
  failure,
  nameOf,
  paidAd,
  pngOf,
  sessionOf,
  startAds,
  type AdsHarness,
} from './harness';

let harness: AdsHarness;
beforeAll(async () => {
  harness = await startAds();
});
afterAll(() => harness.close());

const DAY = 86_400_000;

it('the whole life of an ad: upload, order once, pay once, review, run, end', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const changes: unknown[] = [];
  const subscription = harness.bus.connection.subscribe(harness.bus.subject('ads.changed'));
  void (async () => {
    for await (const message of subscription) changes.push(JSONCodec().decode(message.data));
  })();

  const image = await advertiser.client.uploadImage({
    kind: 'ball',
    content: await pngOf(200, 160),
  });
  expect(image).toMatchObject({ width: 256, height: 256, imageUrl: `/api/media/${image.key}` });

  // A double click and two retries of the same form: one order.
  const order = {
    kind: 'ball',
    color: 'blue',
    imageKey: image.key,
    destinationUrl: 'https://example.com/spring',
    runDays: 7,
    idempotencyKey: `life-${randomUUID()}`,
  };
  const made = await Promise.all([1, 2, 3].map(() => advertiser.client.createOrder(order)));
  expect(new Set(made.map((m) => m.ad!.orderId)).size).toBe(1);
  expect(made.filter((m) => m.created)).toHaveLength(1);
  const ad = made[0]!.ad!;
  expect(ad).toMatchObject({
    kind: 'ball',
    color: 'blue',
    state: 'awaiting_payment',
    priceCents: 2500,
    currency: 'usd',
    startsAt: '',
    advertiserId: advertiser.id,
    advertiserName: nameOf(advertiser.id),
    imageUrl: image.imageUrl,
  });

  // Three concurrent clicks on 'Pay': one Checkout Session, the same page for all.
  const urls = await Promise.all(
    [1, 2, 3].map(() => advertiser.client.startCheckout({ orderId: ad.orderId })),
  );
  expect(stripe.checkoutSessions()).toHaveLength(1);
  const session = sessionOf(stripe, ad.orderId);
  expect(new Set(urls.map((u) => u.checkoutUrl))).toEqual(new Set([session.url]));
  expect(session).toMatchObject({
    amount_total: 2500,
    currency: 'usd',
    success_url: `https://ballmatch.test/payment-success?order=${ad.orderId}`,
    cancel_url: `https://ballmatch.test/payment?order=${ad.orderId}`,
  });

  // Stripe says it is paid: the signed webhook fulfils the order.
  const paid = stripe.markPaid(session.id);
  const delivered = await deliver(harness, stripe.event('checkout.session.completed', paid));
  expect(delivered.applied).toBe(true);
  const review = (await advertiser.client.getOrder({ orderId: ad.orderId })).ad!;
  expect(review.state).toBe('awaiting_review');
  expect(await failure(advertiser.client.startCheckout({ orderId: ad.orderId }))).toMatchObject({
    code: 'ALREADY_EXISTS',
    message: 'This order is not awaiting payment',
  });

  // Approved from now: it runs for seven days, then is gone by the clock alone.
  harness.clock.set('2026-11-24T12:00:00.000Z');
  const approved = (await harness.admin.approveAd({ id: ad.id, startsAt: '' })).ad!;
  expect(approved).toMatchObject({
    state: 'running',
    startsAt: '2026-11-24T12:00:00.000Z',
    endsAt: '2026-12-01T12:00:00.000Z',
  });
  expect((await harness.public.listActiveAds({})).ads).toEqual([
    { id: ad.id, imageUrl: image.imageUrl, colorName: 'blue' },
  ]);
  expect((await harness.public.getImage({ key: image.key })).contentType).toBe('image/webp');
  expect((await advertiser.client.listMyAds({})).ads.map((a) => [a.id, a.state])).toEqual([
    [ad.id, 'running'],
  ]);

  harness.clock.advance(7 * DAY);
  expect((await harness.public.listActiveAds({})).ads).toEqual([]);
  expect((await advertiser.client.getOrder({ orderId: ad.orderId })).ad!.state).toBe('ended');

  await eventually(
    () =>
      expect(changes).toContainEqual(
        expect.objectContaining({ subjectKind: 'ad', subjectId: ad.id, change: 'approved' }),
      ),
    { timeoutMs: 10_000 },
  );
  subscription.unsubscribe();
});

it('the success page: GetOrder asks Stripe and fulfils the order when no webhook came', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = (
    await advertiser.client.createOrder({
      kind: 'banner',
      color: '',
      imageKey: (
        await advertiser.client.uploadImage({ kind: 'banner', content: await pngOf(800, 100) })
      ).key,
      destinationUrl: 'https://example.com/',
      runDays: 1,
      idempotencyKey: `success-${randomUUID()}`,
    })
  ).ad!;
  expect(ad.priceCents).toBe(800);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  const session = stripe.markPaid(sessionOf(stripe, ad.orderId).id);

  const seen = await Promise.all(
    [1, 2].map(() => advertiser.client.getOrder({ orderId: ad.orderId })),
  );
  expect(seen.map((s) => s.ad!.state)).toEqual(['awaiting_review', 'awaiting_review']);

  // The webhook arriving afterwards is recorded and changes nothing.
  const late = await deliver(harness, stripe.event('checkout.session.completed', session));
  expect(late.applied).toBe(true);
  expect((await advertiser.client.getOrder({ orderId: ad.orderId })).ad!.state).toBe(
    'awaiting_review',
  );
});

it('an expired checkout leaves the order payment_failed', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await orderWithOpenCheckout(advertiser);
  const expired = stripe.expire(sessionOf(stripe, ad.orderId).id);
  await deliver(harness, stripe.event('checkout.session.expired', expired));
  expect((await advertiser.client.getOrder({ orderId: ad.orderId })).ad!.state).toBe(
    'payment_failed',
  );
  expect(await failure(advertiser.client.startCheckout({ orderId: ad.orderId }))).toMatchObject({
    code: 'ALREADY_EXISTS',
  });
});

it('a rejected ad is refunded in full exactly once, however often RejectAd is sent', async () => {
  const stripe = harness.stripe!;
  const advertiser = await harness.newAdvertiser();
  const ad = await paidAd(harness, advertiser);
  expect(ad.state).toBe('awaiting_review');

  const answers = await Promise.allSettled(
    [1, 2, 3].map(() => harness.admin.rejectAd({ id: ad.id, reason: 'The image is blurry' })),
  );
  const again = await failure(harness.admin.rejectAd({ id: ad.id, reason: 'The image is blurry' }));
  expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
  expect(again).toMatchObject({
    code: 'ALREADY_EXISTS',
    message: 'This ad is not awaiting review',
  });

  const refunds = stripe.refunds().filter((r) => r.idempotency_key === `refund-${ad.orderId}`);
  expect(refunds).toHaveLength(1);
  expect(refunds[0]!.amount).toBe(2500);
  const seen = (await advertiser.client.getOrder({ orderId: ad.orderId })).ad!;
  expect(seen).toMatchObject({
    state: 'rejected',
    rejectionReason: 'The image is blurry',
    refundedCents: 2500,
  });
});

/** An order with its Checkout Session open (not paid). */
async function orderWithOpenCheckout(advertiser: Awaited<ReturnType<AdsHarness['newAdvertiser']>>) {
  const image = await advertiser.client.uploadImage({ kind: 'ball', content: await pngOf(64, 64) });
  const ad = (
    await advertiser.client.createOrder({
      kind: 'ball',
      color: 'green',
      imageKey: image.key,
      destinationUrl: 'https://example.com/',
      runDays: 1,
      idempotencyKey: `open-${randomUUID()}`,
    })
  ).ad!;
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  return ad;
}
