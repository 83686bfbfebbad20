import {
  createServiceServer,
  openServiceConnections,
  runProcess,
  serveService,
  writeOutbox,
  type RunningService,
} from '@ballmatch/platform';
import { adsV1 } from '@ballmatch/proto';
import { createAuthClient } from './clients/auth';
import { loadAdsConfig, SERVICE_CALLERS } from './config';
import { createAdChanges } from './domain/ad-changes';
import { createCatalog } from './domain/catalog';
import { createCounterReads, startCounterFlush } from './domain/counters';
import { ADS_STREAMS, adsChangedEvent } from './domain/events';
import { createFulfilment } from './domain/fulfil';
import { createIcons } from './domain/icons';
import { createListing } from './domain/listing';
import { createManagement } from './domain/management';
import { createOffers } from './domain/offers';
import { createOrders, type AdvertiserName } from './domain/orders';
import { createPayments } from './domain/payments';
import { createRefunds } from './domain/refunds';
import { createReview } from './domain/review';
import { createServing } from './domain/serving';
import { createStats } from './domain/stats';
import { createUploads } from './domain/uploads';
import { createWebhook } from './domain/webhook';
import {
  createAdsAdminHandlers,
  createAdsHandlers,
  createAdvertiserHandlers,
  type AdsDomain,
} from './grpc/handlers';
import { MAX_UPLOAD_BYTES } from './media/limits';
import { migrations } from './migrations';
import { createAdStore } from './store/ads';
import { createIconStore } from './store/icons';
import { createObjectStore } from './store/objects';

export const SCHEMA = 'ads';

/** Room for a 5 MB image and the rest of its message. */
const MAX_RECEIVE_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

export interface RunningAds extends RunningService {
  /** Moves the Redis counters to PostgreSQL now (tests read counts without waiting). */
  flushCounters(): Promise<void>;
}

export interface AdsOptions {
  /** "Now" for runs, rotation, offers and revenue days (tests move it). */
  now?: () => Date;
  /** Replaces auth's read of the advertiser's username (tests of this service alone). */
  advertiserName?: AdvertiserName;
}

/** Its PostgreSQL schema and migrations, and the JetStream streams it publishes to. */
const STORAGE = { schema: SCHEMA, migrations, streams: ADS_STREAMS };

/** Composition root: config → connections → migrations → gRPC. Tests call it with their own env. */
export async function start(env = process.env, options: AdsOptions = {}): Promise<RunningAds> {
  const config = loadAdsConfig(env);
  const connections = await openServiceConnections({ service: 'ads', config, ...STORAGE });
  const { logger, db, redis, relay } = connections;
  const now = options.now ?? (() => new Date());
  const auth = options.advertiserName ? null : createAuthClient(config.AUTH_ADDR, logger);

  const payments = createPayments({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBase: config.STRIPE_API_BASE,
  });
  if (!payments) logger.warn('STRIPE_SECRET_KEY is not set: payments are unavailable');
  else if (!config.STRIPE_WEBHOOK_SECRET) {
    logger.warn('STRIPE_WEBHOOK_SECRET is not set: webhooks are refused');
  }

  const ads = createAdStore(db);
  const counters = createCounterReads(db);
  const flush = startCounterFlush({ redis, db, logger, intervalMs: config.ADS_FLUSH_MS });
  const catalog = createCatalog({
    currency: config.ADS_CURRENCY,
    ballRuns: config.ADS_BALL_RUNS,
    bannerRuns: config.ADS_BANNER_RUNS,
    paymentsAvailable: payments !== null,
  });
  const iconStore = createIconStore(db);
  const serving = createServing({
    ads,
    iconColors: async () => (await iconStore.list()).map((icon) => icon.colorCode),
    now,
    cacheMs: config.ADS_SERVING_CACHE_MS,
  });
  // What this process changed it serves at once; other replicas within the cache time.
  const changed = () => {
    serving.invalidate();
    relay.wake();
  };
  const icons = createIcons({
    store: iconStore,
    // Announced after the icon is stored (its own statement): a crash between the two loses
    // only the notice, and readers' caches expire within seconds anyway.
    async changed(colorCode, change) {
      await writeOutbox(db, [adsChangedEvent('icon', colorCode, change, now())]);
      changed();
    },
  });
  const uploads = createUploads({ objects: createObjectStore(db) });
  const fulfilment = createFulfilment({ ads, now, logger });
  const apply = createAdChanges({ ads, now, changed });
  const refund = createRefunds({ ads, payments });
  const listing = createListing({ ads, counters, now });

  const domain: AdsDomain = {
    catalog,
    serving,
    icons,
    uploads,
    offers: createOffers({
      redis,
      db,
      serving,
      now,
      offerTtlMs: config.ADS_OFFER_TTL_MS,
      frequencyCaps: config.ADS_FREQUENCY_CAPS,
    }),
    orders: createOrders({
      ads,
      catalog,
      ownedImage: uploads.ownedImage,
      payments,
      fulfilment,
      advertiserName: options.advertiserName ?? auth!.advertiserName,
      publicUrl: config.PUBLIC_URL,
      now,
      logger,
    }),
    webhook: createWebhook({ ads, payments, fulfilment }),
    listing,
    review: createReview({ apply, refund }),
    management: createManagement({ apply, refund }),
    stats: createStats({ ads, listing, counters, now }),
  };

  const server = createServiceServer(logger, config, {
    name: 'ads',
    callers: SERVICE_CALLERS,
    redis,
    maxReceiveBytes: MAX_RECEIVE_BYTES,
  });
  // What carries the browser's client key (the gateway's keyed hash of its address) is the
  // gateway's to say; the reward click is sessions' to ask.
  const fromGateway = { service: ['gateway'] } as const;
  server.add(adsV1.AdsServiceService, createAdsHandlers(domain), {
    methods: {
      createGameOffers: fromGateway,
      serveBanner: fromGateway,
      recordImpression: fromGateway,
      followOffer: fromGateway,
      getRewardClick: { service: ['sessions'] },
    },
  });
  server.add(adsV1.AdvertiserServiceService, createAdvertiserHandlers(domain), { access: 'user' });
  server.add(adsV1.AdsAdminServiceService, createAdsAdminHandlers(domain), { access: 'admin' });
  const running = await serveService(server, config, connections, async () => {
    await flush.stop();
    auth?.close();
  });
  logger.info({ port: running.port, payments: payments !== null }, 'ads listening');
  return { ...running, flushCounters: () => flush.flush() };
}

if (require.main === module) runProcess('ads', () => start());
