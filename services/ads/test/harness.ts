import { randomUUID } from 'node:crypto';
import {
  createGrpcClient,
  createKnex,
  type AsyncClient,
  type EventBus,
  type Knex,
} from '@ballmatch/platform';
import {
  clientList,
  connectTestBus,
  prepareTestService,
  TestClock,
  type TestCredentials,
} from '@ballmatch/platform/testing';
import { adsV1 } from '@ballmatch/proto';
import sharp from 'sharp';
import { start, type RunningAds } from '../src';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

type PublicClient = AsyncClient<adsV1.AdsServiceClient>;
type AdvertiserClient = AsyncClient<adsV1.AdvertiserServiceClient>;
type AdminClient = AsyncClient<adsV1.AdsAdminServiceClient>;

/** A signed-in account and the ads service as it calls it. */
export interface Advertiser {
  id: string;
  authorization: string;
  client: AdvertiserClient;
}

export interface AdsHarness {
  /** AdsService as a guest. */
  public: PublicClient;
  /** AdsService as the gateway calls it (its identity): offers, impressions and clicks. */
  gateway: PublicClient;
  /** AdsService as the sessions service calls it (its identity): the reward click. */
  sessions: PublicClient;
  /** AdsService, AdvertiserService, AdsAdminService with this `authorization` (none: a guest). */
  publicAs(authorization?: string): PublicClient;
  advertiserAs(authorization?: string): AdvertiserClient;
  adminAs(authorization?: string): AdminClient;
  /** An admin's AdsAdminService. */
  admin: AdminClient;
  /** A new signed-in player. */
  newAdvertiser(): Promise<Advertiser>;
  credentials: TestCredentials;
  /** The local Stripe (null when started without payments). */
  stripe: StripeStandIn | null;
  /** Connected with the service's subject prefix, to hear `ads.changed`. */
  bus: EventBus;
  clock: TestClock;
  running: RunningAds;
  /** The service's own database (schema `ads`), for tests that check what was stored. */
  db: Knex;
  close(): Promise<void>;
}

/** The username the service is given for an advertiser (auth's stand-in). */
export const nameOf = (advertiserId: string) => `adv-${advertiserId.slice(0, 8)}`;

/**
 * A real ads service in-test: its own database, Redis prefix, NATS prefix and signing key, and
 * (unless `payments: false`) a local Stripe stand-in it pays through.
 */
export async function startAds(
  options: { payments?: boolean; env?: NodeJS.ProcessEnv } = {},
): Promise<AdsHarness> {
  const stripe = options.payments === false ? null : await startStripeStandIn();
  const { env, database, credentials, remove } = await prepareTestService('ads', {
    PUBLIC_URL: 'https://ballmatch.test',
    ...(stripe && {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
    }),
    ...options.env,
  });
  const clock = new TestClock();
  const running = await start(env, {
    now: clock.now,
    advertiserName: async (id) => nameOf(id),
  });
  const address = `127.0.0.1:${running.port}`;
  const clients = clientList();
  const client =
    <C extends { close(): void }>(make: (authorization?: string) => C) =>
    (authorization?: string): C =>
      clients.track(make(authorization));
  const settings = (authorization?: string) => ({
    serviceLabel: 'ads',
    defaultTimeoutMs: 10_000,
    authorization,
  });
  const publicAs = client((a) =>
    createGrpcClient(adsV1.AdsServiceClient, adsV1.AdsServiceService, address, settings(a)),
  );
  const publicFrom = (service: 'gateway' | 'sessions') =>
    client(() =>
      createGrpcClient(adsV1.AdsServiceClient, adsV1.AdsServiceService, address, {
        ...settings(),
        credential: credentials.service(service),
      }),
    )();
  const advertiserAs = client((a) =>
    createGrpcClient(
      adsV1.AdvertiserServiceClient,
      adsV1.AdvertiserServiceService,
      address,
      settings(a),
    ),
  );
  const adminAs = client((a) =>
    createGrpcClient(
      adsV1.AdsAdminServiceClient,
      adsV1.AdsAdminServiceService,
      address,
      settings(a),
    ),
  );
  const admin = await credentials.issue('admin');
  const db = createKnex({ url: database.url, schema: 'ads' });
  const bus = await connectTestBus(env, 'ads-test');

  return {
    public: publicAs(),
    gateway: publicFrom('gateway'),
    sessions: publicFrom('sessions'),
    publicAs,
    advertiserAs,
    adminAs,
    admin: adminAs(admin.authorization),
    async newAdvertiser() {
      const user = await credentials.issue('user', { userId: randomUUID() });
      return {
        id: user.userId,
        authorization: user.authorization,
        client: advertiserAs(user.authorization),
      };
    },
    credentials,
    stripe,
    bus,
    clock,
    running,
    db,
    async close() {
      clients.closeAll();
      await db.destroy();
      await bus.close();
      await running.stop({ deleteStreams: true });
      await stripe?.close();
      await remove();
    },
  };
}

/** An image the advertiser could upload: a PNG of this size in one colour. */
export function pngOf(width: number, height: number, background = '#e0402a'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Uploads an image of the ad's size and orders the ad (a fresh idempotency key). */
export async function orderAd(
  advertiser: Advertiser,
  order: Partial<adsV1.CreateOrderRequest> = {},
): Promise<adsV1.Ad> {
  const kind = order.kind ?? 'ball';
  const image = await advertiser.client.uploadImage({
    kind,
    content: kind === 'ball' ? await pngOf(128, 128) : await pngOf(728, 90),
  });
  const made = await advertiser.client.createOrder({
    kind,
    color: kind === 'ball' ? 'red' : '',
    imageKey: image.key,
    destinationUrl: 'https://example.com/shop',
    runDays: 7,
    idempotencyKey: `order-${randomUUID()}`,
    ...order,
  });
  return made.ad!;
}

/** The order's Checkout Session in the stand-in (after StartCheckout). */
export function sessionOf(stripe: StripeStandIn, orderId: string) {
  const session = stripe.checkoutSessions().find((s) => s.client_reference_id === orderId);
  if (!session) throw new Error(`no checkout session for order ${orderId}`);
  return session;
}

/** Stripe's webhook delivery of this event, signed (or as `sign` says). */
export function deliver(
  harness: AdsHarness,
  event: unknown,
  signature?: (payload: string) => string,
): Promise<adsV1.HandleStripeWebhookResponse> {
  const payload = JSON.stringify(event);
  return harness.public.handleStripeWebhook({
    payload: Buffer.from(payload),
    signature: (signature ?? ((p) => harness.stripe!.sign(p)))(payload),
  });
}

/** An ad ordered, paid (checkout, the hosted page's 'Pay', the signed webhook): awaiting review. */
export async function paidAd(
  harness: AdsHarness,
  advertiser: Advertiser,
  order: Partial<adsV1.CreateOrderRequest> = {},
): Promise<adsV1.Ad> {
  const stripe = harness.stripe!;
  const ad = await orderAd(advertiser, order);
  await advertiser.client.startCheckout({ orderId: ad.orderId });
  const session = stripe.markPaid(sessionOf(stripe, ad.orderId).id);
  await deliver(harness, stripe.event('checkout.session.completed', session));
  return (await advertiser.client.getOrder({ orderId: ad.orderId })).ad!;
}

/** Resolves with the AppError a call fails with (fails the test if it succeeds). */
export async function failure(call: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await call;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('the call succeeded');
}
