import { randomUUID } from 'node:crypto';
import { JSONCodec } from 'nats';
import { eventually, perFile } from '@ballmatch/platform/testing';
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

const harness = perFile(startAds);

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

it('a click that arrives after its ad stopped running leads to the house ad and counts nothing for the ad', async () => {
  const HOUR = 3_600_000;
  const visitor = 'late-visitor';
  const advertiser = await harness.newAdvertiser();
  harness.clock.set('2027-03-01T12:00:00.000Z');
  const ads: Record<'byRun' | 'byPause' | 'byAdmin', string> = {
    byRun: '',
    byPause: '',
    byAdmin: '',
  };
  for (const [why, color] of [
    ['byRun', 'orange'],
    ['byPause', 'purple'],
    ['byAdmin', 'yellow'],
  ] as const) {
    const ad = await paidAd(harness, advertiser, { color, runDays: 1 });
    await harness.admin.approveAd({ id: ad.id, startsAt: '' });
    ads[why] = ad.id;
  }
  // Offers made while all three run, in their run's last hour (an offer lives 2 hours).
  harness.clock.advance(23 * HOUR + 30 * 60_000);
  const game = async () => {
    const sessionId = randomUUID();
    const offers = await harness.gateway.createGameOffers({ sessionId, clientKey: visitor });
    const faceOf = (adId: string) => offers.faces.find((f) => f.adId === adId)!.id;
    return { sessionId, faceOf, reward: offers.reward! };
  };
  const early = await game();
  const late = await game();
  const follow = async (offerId: string) =>
    (await harness.gateway.followOffer({ offerId, clientKey: visitor })).destinationUrl;

  // While it runs, a click counts and leads to the ad.
  expect(await follow(early.faceOf(ads.byRun))).toBe('https://example.com/shop');

  await harness.admin.pauseAd({ id: ads.byPause });
  await harness.admin.endAd({ id: ads.byAdmin, refund: 'none' });
  expect(await follow(late.faceOf(ads.byPause))).toBe('/buy-ads');
  expect(await follow(late.faceOf(ads.byAdmin))).toBe('/buy-ads');
  harness.clock.advance(HOUR); // past the end of byRun's day
  expect(await follow(late.faceOf(ads.byRun))).toBe('/buy-ads');
  // The reward ('Watch Ad') was one of the three: the visitor saw the house ad, and still earns
  // the extra moves it promised.
  expect(Object.values(ads)).toContain(late.reward.adId);
  expect(await follow(late.reward.id)).toBe('/buy-ads');
  expect((await harness.sessions.getRewardClick({ sessionId: late.sessionId })).clicked).toBe(true);
  const rewardRow = await harness.db('reward_clicks').where({ session_id: late.sessionId }).first();
  expect(rewardRow).toMatchObject({ offer_id: late.reward.id, ad_id: null });

  await harness.running.flushCounters();
  const clicks = new Map(
    (await advertiser.client.listMyAds({})).ads.map((a) => [a.id, a.clicks] as const),
  );
  expect([ads.byRun, ads.byPause, ads.byAdmin].map((id) => clicks.get(id))).toEqual([1, 0, 0]);
});

it("another replica's pause shows here once the serving cache's time has passed on the service's clock", async () => {
  const SERVING_CACHE_MS = 5000; // ADS_SERVING_CACHE_MS's default, which the harness keeps
  const advertiser = await harness.newAdvertiser();
  harness.clock.set('2027-06-07T12:00:00.000Z');
  const ad = await paidAd(harness, advertiser, { color: 'red' });
  await harness.admin.approveAd({ id: ad.id, startsAt: '' });
  const served = async () => (await harness.public.listActiveAds({})).ads.map((a) => a.id);
  expect(await served()).toContain(ad.id);

  // Paused by another replica, as its store writes it: this process's cache has not heard.
  await harness
    .db('ads')
    .where({ id: ad.id })
    .update({ status: 'paused', paused_at: harness.clock.now() });
  harness.clock.advance(SERVING_CACHE_MS);
  expect(await served()).toContain(ad.id);
  harness.clock.advance(1);
  expect(await served()).not.toContain(ad.id);
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
