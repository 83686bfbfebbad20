import { randomUUID } from 'node:crypto';
import { adsV1 } from '@ballmatch/proto';
import { failure, orderAd, pngOf, startAds, type AdsHarness } from './harness';

let harness: AdsHarness;
let unpaid: AdsHarness;
beforeAll(async () => {
  [harness, unpaid] = await Promise.all([startAds(), startAds({ payments: false })]);
});
afterAll(() => Promise.all([harness.close(), unpaid.close()]));

/** Every AdsAdminService method, called with an empty request. */
const adminMethods = Object.keys(adsV1.AdsAdminServiceService);

describe('AdsAdminService answers admins only', () => {
  it.each(adminMethods)(
    '%s: PERMISSION_DENIED for a player, UNAUTHENTICATED for nobody',
    async (method) => {
      const player = await harness.credentials.issue('user');
      const call = (authorization?: string) => {
        const client = harness.adminAs(authorization) as unknown as Record<
          string,
          (req: object) => Promise<unknown>
        >;
        return client[method]!({});
      };
      expect(await failure(call(player.authorization))).toMatchObject({
        code: 'PERMISSION_DENIED',
      });
      expect(await failure(call())).toMatchObject({ code: 'UNAUTHENTICATED' });
    },
  );
});

it('AdvertiserService needs a signed-in caller', async () => {
  const guest = harness.advertiserAs();
  expect(await failure(guest.listMyAds({}))).toMatchObject({ code: 'UNAUTHENTICATED' });
  expect(await failure(guest.getOrder({ orderId: randomUUID() }))).toMatchObject({
    code: 'UNAUTHENTICATED',
  });
});

it('an advertiser cannot read or pay another advertiser’s order', async () => {
  const ann = await harness.newAdvertiser();
  const bob = await harness.newAdvertiser();
  const ad = await orderAd(ann);
  for (const call of [
    bob.client.getOrder({ orderId: ad.orderId }),
    bob.client.startCheckout({ orderId: ad.orderId }),
    bob.client.getOrder({ orderId: 'not-a-uuid' }),
  ]) {
    expect(await failure(call)).toMatchObject({ code: 'NOT_FOUND', message: 'No such order' });
  }
  expect((await bob.client.listMyAds({})).ads).toEqual([]);
  expect((await ann.client.listMyAds({})).ads.map((a) => a.id)).toEqual([ad.id]);
});

it('an order names the image its advertiser uploaded for that kind', async () => {
  const ann = await harness.newAdvertiser();
  const bob = await harness.newAdvertiser();
  const banner = await ann.client.uploadImage({ kind: 'banner', content: await pngOf(728, 90) });
  const bobs = await bob.client.uploadImage({ kind: 'ball', content: await pngOf(64, 64) });
  const order = (imageKey: string, kind = 'ball') =>
    ann.client.createOrder({
      kind,
      color: kind === 'ball' ? 'red' : '',
      imageKey,
      destinationUrl: 'https://example.com/',
      runDays: 1,
      idempotencyKey: `img-${randomUUID()}`,
    });
  for (const key of [banner.key, bobs.key, 'nothing.webp']) {
    expect(await failure(order(key))).toMatchObject({ code: 'INVALID_ARGUMENT' });
  }
  expect((await order(banner.key, 'banner')).created).toBe(true);
});

describe('order fields are checked, each naming its field', () => {
  const cases: [string, Partial<adsV1.CreateOrderRequest>, string][] = [
    [
      'banner with a javascript: URL',
      { kind: 'banner', destinationUrl: 'javascript:alert(1)' },
      'destinationUrl must be an https:// address',
    ],
    [
      'banner with an http: URL',
      { kind: 'banner', destinationUrl: 'http://example.com/' },
      'destinationUrl must be an https:// address',
    ],
    [
      'data: URL',
      { destinationUrl: 'data:text/html,<script>' },
      'destinationUrl must be an https:// address',
    ],
    [
      'URL with spaces',
      { destinationUrl: ' https://example.com/' },
      'destinationUrl must be an https:// address',
    ],
    [
      'long URL',
      { destinationUrl: `https://example.com/${'a'.repeat(2000)}` },
      'destinationUrl may be at most 2000 characters',
    ],
    [
      'URL with a password',
      { destinationUrl: 'https://me:pw@example.com/' },
      'destinationUrl must not contain a user name or password',
    ],
    [
      'unknown colour',
      { color: 'pink' },
      'color must be one of: orange, yellow, blue, red, green, purple',
    ],
    ['unknown kind', { kind: 'popup' }, 'kind must be ball or banner'],
    ['run not sold', { runDays: 3 }, 'runDays must be one of: 1, 7, 30'],
    [
      'short idempotency key',
      { idempotencyKey: 'abc' },
      'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    ],
  ];
  it.each(cases)('%s', async (_name, change, message) => {
    const ann = await harness.newAdvertiser();
    expect(await failure(orderAd(ann, change))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message,
    });
    // Nothing stored: the advertiser (a new one) has no order.
    expect((await ann.client.listMyAds({})).ads).toEqual([]);
  });

  it('the same idempotency key with other fields is refused', async () => {
    const ann = await harness.newAdvertiser();
    const idempotencyKey = `same-${randomUUID()}`;
    await orderAd(ann, { idempotencyKey });
    expect(await failure(orderAd(ann, { idempotencyKey, runDays: 30 }))).toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: 'This Idempotency-Key was already used for a different order',
    });
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  it('GetCatalog says payments are unavailable; its runs and limits are still there', async () => {
    const catalog = await unpaid.public.getCatalog({});
    expect(catalog).toMatchObject({
      paymentsAvailable: false,
      currency: 'usd',
      ballRuns: [
        { days: 1, priceCents: 500 },
        { days: 7, priceCents: 2500 },
        { days: 30, priceCents: 8000 },
      ],
      bannerWidth: 728,
      bannerHeight: 90,
      ballImageSize: 256,
      maxUploadBytes: 5 * 1024 * 1024,
      maxImagePixelsPerSide: 4096,
    });
    expect((await harness.public.getCatalog({})).paymentsAvailable).toBe(true);
  });

  it('ordering, paying and the webhook answer UNAVAILABLE Payment System Not Available', async () => {
    const ann = await unpaid.newAdvertiser();
    const unavailable = { code: 'UNAVAILABLE', message: 'Payment System Not Available' };
    expect(await failure(orderAd(ann))).toMatchObject(unavailable);
    expect(await failure(ann.client.startCheckout({ orderId: randomUUID() }))).toMatchObject(
      unavailable,
    );
    expect(
      await failure(
        unpaid.public.handleStripeWebhook({ payload: Buffer.from('{}'), signature: 't=1,v1=00' }),
      ),
    ).toMatchObject(unavailable);
  });
});
