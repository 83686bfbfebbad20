import { randomUUID } from 'node:crypto';
import { TestClock } from '@ballmatch/platform/testing';
import {
  checkoutSessionOf,
  deliverWebhook,
  newGame,
  orderAd,
  payForAd,
  pngOf,
  signedInAdmin,
  signedInPlayer,
  uploadImage,
  type AdJson,
  type Client,
} from './ads-support';
import { client, stackPerFile } from './stack';

/**
 * The life of an ad through the gateway, with the real ads service paying through the Stripe
 * stand-in: upload, order, checkout, Stripe's signed webhook, review, serving in games,
 * impressions counted once, the run's end by the ads service's clock; a rejection's refund;
 * webhooks that are forged, stale, unsigned or replayed.
 */

let advertiser: Client;
let admin: Client;
const adsClock = new TestClock();
const DAY = 86_400_000;

// No gateway micro-cache: a run ending by the clock shows in the very next read.
const stack = stackPerFile({ READ_CACHE_MS: '0' }, { adsClock: adsClock.now });
beforeAll(async () => {
  advertiser = await signedInPlayer(stack.url, 'ad_buyer');
  admin = await signedInAdmin(stack.url);
});

const adById = async (id: string) =>
  ((await admin.get('/api/admin/ads')).json as unknown as AdJson[]).find((a) => a.id === id)!;

describe('the life of a ball-face ad', () => {
  it('upload → order once → one Stripe session → paid by webhook → approved → served, counted once → ended', async () => {
    const catalog = await client(stack.url).get('/api/ads/catalog');
    expect(catalog.json).toMatchObject({
      currency: 'usd',
      paymentsAvailable: true,
      ballRuns: expect.arrayContaining([{ days: 7, priceCents: 2500 }]),
    });

    // The image, re-encoded by the service and served with headers that keep it an image.
    const image = await uploadImage(stack.url, advertiser, 'ball', await pngOf(300, 300));
    expect(image).toMatchObject({ status: 201, json: { width: 256, height: 256 } });
    const media = await fetch(stack.url + String(image.json.imageUrl));
    expect(media.status).toBe(200);
    expect(Object.fromEntries(media.headers)).toMatchObject({
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect((await media.arrayBuffer()).byteLength).toBeGreaterThan(0);

    // A double click: three POSTs with one Idempotency-Key make one order.
    const order = {
      kind: 'ball',
      color: 'red',
      imageKey: image.json.key,
      destinationUrl: 'https://example.com/shop',
      runDays: 7,
    };
    const key = `form-${randomUUID()}`;
    const orders = await Promise.all(
      [1, 2, 3].map(() => advertiser.post('/api/ads/orders', order, { 'idempotency-key': key })),
    );
    expect(orders.map((o) => o.status).sort()).toEqual([200, 200, 201]);
    const ad = orders[0]!.json as unknown as AdJson;
    expect(new Set(orders.map((o) => o.json.id))).toEqual(new Set([ad.id]));
    expect(ad).toMatchObject({ state: 'awaiting_payment', priceCents: 2500, color: 'red' });

    // Three clicks on Pay: one Checkout Session, the same page for each.
    const checkouts = await Promise.all(
      [1, 2, 3].map(() => advertiser.post(`/api/ads/orders/${ad.orderId}/checkout`)),
    );
    expect(checkouts.map((c) => c.status)).toEqual([200, 200, 200]);
    expect(new Set(checkouts.map((c) => c.json.checkoutUrl)).size).toBe(1);
    const session = checkoutSessionOf(stack, ad.orderId);
    expect(checkouts[0]!.json.checkoutUrl).toBe(session.url);

    // Paid on Stripe's page; Stripe's signed webhook fulfils the order.
    const paid = stack.stripe.markPaid(session.id);
    const delivered = await deliverWebhook(
      stack,
      stack.stripe.event('checkout.session.completed', paid),
    );
    expect(delivered).toEqual({ status: 200, json: { received: true } });
    expect((await advertiser.get(`/api/ads/orders/${ad.orderId}`)).json).toMatchObject({
      state: 'awaiting_review',
    });

    const approved = await admin.post(`/api/admin/ads/${ad.id}/approve`, {});
    expect(approved).toMatchObject({ status: 200, json: { state: 'running' } });
    expect((await client(stack.url).get('/api/active-ads')).json).toEqual([
      { id: ad.id, imageUrl: ad.imageUrl, colorName: 'red' },
    ]);

    // A game's offers carry it; its impression, posted 50 times, counts once.
    const game = await newGame(stack.url);
    const face = game.offers!.faces.find((f) => f.adId === ad.id)!;
    expect(face).toMatchObject({ kind: 'ad', color: 'red', imageUrl: ad.imageUrl });
    for (let i = 0; i < 50; i++) {
      const shown = await client(stack.url).post(
        `/api/ads/${ad.id}/impression`,
        {},
        { 'x-ad-offer': face.id },
      );
      expect(shown.status).toBe(204);
    }
    await stack.ads.flushCounters();
    const stats = await admin.get('/api/admin/ads/stats');
    expect(stats.status).toBe(200);
    const counted = stats.json as unknown as {
      ads: AdJson[];
      days: { adId: string; impressions: number }[];
    };
    expect(counted.ads.find((a) => a.id === ad.id)).toMatchObject({ impressions: 1 });
    expect(counted.days.filter((d) => d.adId === ad.id)).toEqual([
      expect.objectContaining({ impressions: 1, clicks: 0 }),
    ]);
    const mine = (await advertiser.get('/api/ads/mine')).json as unknown as AdJson[];
    expect(mine.find((a) => a.id === ad.id)).toMatchObject({ impressions: 1, state: 'running' });

    // Its seven days pass on the ads service's clock: it is gone from every game.
    adsClock.set(Date.now() + 7 * DAY + 60_000);
    try {
      expect((await client(stack.url).get('/api/active-ads')).json).toEqual([]);
      expect((await newGame(stack.url)).offers!.faces).toEqual([]);
      expect((await advertiser.get(`/api/ads/orders/${ad.orderId}`)).json).toMatchObject({
        state: 'ended',
      });
    } finally {
      adsClock.real();
    }
  });

  it('a rejected ad is refunded in full, exactly once', async () => {
    const ad = await orderAd(stack.url, advertiser, { color: 'green' });
    await payForAd(stack, advertiser, ad);
    const payment = checkoutSessionOf(stack, ad.orderId).payment_intent;

    const rejected = await Promise.all(
      [1, 2].map(() =>
        admin.post(`/api/admin/ads/${ad.id}/reject`, { reason: 'The image is unreadable' }),
      ),
    );
    expect(rejected.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(rejected.find((r) => r.status === 200)!.json).toMatchObject({
      state: 'rejected',
      rejectionReason: 'The image is unreadable',
      refundedCents: ad.priceCents,
    });
    const refunds = stack.stripe.refunds().filter((r) => r.payment_intent === payment);
    expect(refunds).toEqual([expect.objectContaining({ amount: ad.priceCents })]);
    expect((await admin.post(`/api/admin/ads/${ad.id}/reject`, { reason: 'again' })).status).toBe(
      409,
    );
    expect(stack.stripe.refunds().filter((r) => r.payment_intent === payment)).toHaveLength(1);
  });
});

describe('frequency caps', () => {
  it('one address pumping fresh offers counts no more than the caps, answered as counted ones are', async () => {
    // The ads service's clock stands still in a minute of this test's own.
    adsClock.set('2031-06-02T10:00:30.000Z');
    try {
      const ad = await orderAd(stack.url, advertiser, {
        kind: 'banner',
        destinationUrl: 'https://example.com/pumped',
      });
      await payForAd(stack, advertiser, ad);
      await admin.post(`/api/admin/ads/${ad.id}/approve`, {});
      /** What the visitor gets back, less what differs on every answer. */
      const seen = async (res: Response) => {
        const { date: _date, 'x-request-id': _id, ...headers } = Object.fromEntries(res.headers);
        return { status: res.status, headers, body: await res.text() };
      };
      const views = [];
      const clicks = [];
      for (let i = 0; i < 12; i++) {
        const served = await client(stack.url).get('/api/banner-ads?placement=footer');
        expect(served.json.adId).toBe(ad.id);
        const offerId = String(served.json.offerId);
        views.push(
          await seen(
            await fetch(`${stack.url}/api/ads/${ad.id}/impression`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-ad-offer': offerId },
              body: '{}',
            }),
          ),
        );
        clicks.push(
          await seen(await fetch(`${stack.url}/api/ads/go/${offerId}`, { redirect: 'manual' })),
        );
      }
      // The first views and click counted, the rest did not: the answers are all the same.
      for (const view of views) expect(view).toEqual(views[0]);
      for (const click of clicks) expect(click).toEqual(clicks[0]);
      expect(views[0]!.status).toBe(204);
      expect(clicks[0]).toMatchObject({
        status: 302,
        headers: { location: 'https://example.com/pumped' },
      });
      await stack.ads.flushCounters();
      const mine = (await advertiser.get('/api/ads/mine')).json as unknown as AdJson[];
      expect(mine.find((a) => a.id === ad.id)).toMatchObject({ impressions: 2, clicks: 1 });
      await admin.post(`/api/admin/ads/${ad.id}/end`, { refund: 'none' });
    } finally {
      adsClock.real();
    }
  });
});

describe("Stripe's webhook", () => {
  it('forged, stale and unsigned deliveries are refused (400) and change nothing; a replay is answered and applied once', async () => {
    const ad = await orderAd(stack.url, advertiser, { color: 'blue' });
    await advertiser.post(`/api/ads/orders/${ad.orderId}/checkout`);
    const unpaid = checkoutSessionOf(stack, ad.orderId);
    // What an attacker would claim: this session paid (Stripe itself says it is not).
    const claim = stack.stripe.event('checkout.session.completed', {
      ...unpaid,
      status: 'complete',
      payment_status: 'paid',
      payment_intent: 'pi_forged',
    });
    const invalid = { status: 400, json: { message: 'Invalid signature', field: 'signature' } };
    const refusals = [
      await deliverWebhook(stack, claim, (p) => stack.stripe.sign(p, { secret: 'whsec_forged' })),
      await deliverWebhook(stack, claim, (p) =>
        stack.stripe.sign(p, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      ),
      await deliverWebhook(stack, claim, () => undefined),
      await deliverWebhook(stack, claim, () => 't=1,v1=00'),
    ];
    for (const refused of refusals) expect(refused).toEqual(invalid);
    // Signed by Stripe's secret but no event: 400 saying what is wrong, never a 500.
    for (const [body, where] of [
      [null, 'the body'],
      [{}, 'id'],
      [{ ...claim, data: {} }, 'data.object'],
      [
        { ...claim, data: { object: { ...(claim.data.object as object), expires_at: 'soon' } } },
        'data.object.expires_at',
      ],
    ] as const) {
      const malformed = await deliverWebhook(stack, body);
      expect(malformed).toMatchObject({
        status: 400,
        json: { message: expect.stringMatching(`^The event is not a Stripe event: ${where}: `) },
      });
    }
    // The success page asks Stripe, which says unpaid: still awaiting payment.
    expect((await advertiser.get(`/api/ads/orders/${ad.orderId}`)).json).toMatchObject({
      state: 'awaiting_payment',
    });

    const paid = stack.stripe.event('checkout.session.completed', stack.stripe.markPaid(unpaid.id));
    expect(await deliverWebhook(stack, paid)).toEqual({ status: 200, json: { received: true } });
    expect((await adById(ad.id)).state).toBe('awaiting_review');
    await admin.post(`/api/admin/ads/${ad.id}/reject`, { reason: 'Not for us' });
    // Stripe delivers the same event again: answered, and nothing moves back.
    expect(await deliverWebhook(stack, paid)).toEqual({ status: 200, json: { received: true } });
    expect(await adById(ad.id)).toMatchObject({ state: 'rejected' });
  });
});
