import { requireAdmin, requireUser, type AsyncServiceOf } from '@ballmatch/platform';
import type { adsV1 } from '@ballmatch/proto';
import type { CatalogService } from '../domain/catalog';
import type { Icons } from '../domain/icons';
import type { AdView, Listing } from '../domain/listing';
import type { Management } from '../domain/management';
import type { Offers } from '../domain/offers';
import type { Orders } from '../domain/orders';
import type { Review } from '../domain/review';
import type { ServingSource } from '../domain/serving';
import type { Stats } from '../domain/stats';
import type { AdRecord } from '../store/ads';
import { imageUrlOf, type Uploads } from '../domain/uploads';
import type { Webhook } from '../domain/webhook';

/** Proto <-> domain. No rules here: they live in domain/. */
export function toAd(ad: AdView): adsV1.Ad {
  return {
    id: ad.id,
    kind: ad.kind,
    color: ad.color,
    imageUrl: imageUrlOf(ad.imageKey),
    destinationUrl: ad.destinationUrl,
    runDays: ad.runDays,
    priceCents: ad.priceCents,
    currency: ad.currency,
    state: ad.state,
    rejectionReason: ad.rejectionReason,
    refundedCents: ad.refundedCents,
    startsAt: ad.startsAt?.toISOString() ?? '',
    endsAt: ad.endsAt?.toISOString() ?? '',
    createdAt: ad.createdAt.toISOString(),
    impressions: ad.impressions,
    clicks: ad.clicks,
    advertiserId: ad.advertiserId,
    advertiserName: ad.advertiserName,
    orderId: ad.orderId,
  };
}

/** One ad as answered (an order made or read, an admin's change). */
async function answerAd(
  listing: Listing,
  ad: AdRecord | Promise<AdRecord>,
): Promise<{ ad: adsV1.Ad }> {
  return { ad: toAd((await listing.view([await ad]))[0]!) };
}

export interface AdsDomain {
  catalog: CatalogService;
  serving: ServingSource;
  icons: Icons;
  uploads: Uploads;
  offers: Offers;
  orders: Orders;
  webhook: Webhook;
  listing: Listing;
  review: Review;
  management: Management;
  stats: Stats;
}

export function createAdsHandlers(d: AdsDomain): AsyncServiceOf<typeof adsV1.AdsServiceService> {
  return {
    listActiveAds: async () => ({
      ads: (await d.serving.activeBallAds()).map((ad) => ({
        id: ad.id,
        imageUrl: ad.imageUrl,
        colorName: ad.color,
      })),
    }),
    listIcons: async () => ({ icons: await d.icons.list() }),
    getCatalog: async () => d.catalog.read(),
    createGameOffers: (req) => d.offers.createGameOffers(req.sessionId, req.clientKey),
    serveBanner: (req) => d.offers.serveBanner(req.clientKey, req.placement),
    recordImpression: (req) => d.offers.recordImpression(req),
    followOffer: (req) => d.offers.follow(req.offerId, req.clientKey),
    getRewardClick: async (req) => ({ clicked: await d.offers.rewardClicked(req.sessionId) }),
    getImage: (req) => d.uploads.get(req.key),
    handleStripeWebhook: (req) => d.webhook.handle(Buffer.from(req.payload), req.signature),
  };
}

export function createAdvertiserHandlers(
  d: AdsDomain,
): AsyncServiceOf<typeof adsV1.AdvertiserServiceService> {
  const one = (ad: AdRecord | Promise<AdRecord>) => answerAd(d.listing, ad);
  return {
    uploadImage: (req, ctx) =>
      d.uploads.upload(requireUser(ctx).id, req.kind, Buffer.from(req.content)),
    createOrder: async (req, ctx) => {
      const { ad, created } = await d.orders.create(requireUser(ctx).id, req);
      return { ...(await one(ad)), created };
    },
    startCheckout: async (req, ctx) => ({
      checkoutUrl: await d.orders.startCheckout(requireUser(ctx).id, req.orderId),
    }),
    getOrder: (req, ctx) => one(d.orders.get(requireUser(ctx).id, req.orderId)),
    listMyAds: async (_req, ctx) => ({
      ads: (await d.listing.mine(requireUser(ctx).id)).map(toAd),
    }),
  };
}

export function createAdsAdminHandlers(
  d: AdsDomain,
): AsyncServiceOf<typeof adsV1.AdsAdminServiceService> {
  // The server's interceptor admits admins only; each handler checks again (one forgotten
  // access option must not open the service).
  const admin =
    <Req, Res>(fn: (req: Req, adminId: string) => Promise<Res>) =>
    (req: Req, ctx: Parameters<typeof requireAdmin>[0]) =>
      fn(req, requireAdmin(ctx).id);
  const one = (ad: Promise<AdRecord>) => answerAd(d.listing, ad);
  return {
    listAds: admin(async (req: adsV1.ListAdsRequest) => ({
      ads: (await d.listing.list(req.kind, req.state)).map(toAd),
    })),
    approveAd: admin((req: adsV1.ApproveAdRequest) => one(d.review.approve(req.id, req.startsAt))),
    rejectAd: admin((req: adsV1.RejectAdRequest) => one(d.review.reject(req.id, req.reason))),
    pauseAd: admin((req: adsV1.PauseAdRequest) => one(d.management.pause(req.id))),
    resumeAd: admin((req: adsV1.ResumeAdRequest) => one(d.management.resume(req.id))),
    endAd: admin((req: adsV1.EndAdRequest) => one(d.management.end(req.id, req.refund))),
    scheduleAd: admin((req: adsV1.ScheduleAdRequest) =>
      one(d.management.schedule(req.id, req.startsAt)),
    ),
    // The public list's rule (d.icons.list), behind this service's admin check.
    listAdminIcons: admin(async () => ({ icons: await d.icons.list() })),
    uploadIcon: admin(async (req: adsV1.UploadIconRequest, adminId) => ({
      icon: await d.icons.upload(req.colorCode, req.svgContent, adminId),
    })),
    deleteIcon: admin(async (req: adsV1.DeleteIconRequest) => {
      await d.icons.remove(req.colorCode);
      return {};
    }),
    getAdStats: admin(async (req: adsV1.GetAdStatsRequest) => {
      const stats = await d.stats.adStats(req.from, req.to);
      return {
        ads: stats.ads.map(toAd),
        days: stats.days,
        revenue: stats.revenue,
        currency: d.catalog.read().currency,
      };
    }),
    getIconStats: admin(async (req: adsV1.GetIconStatsRequest) => ({
      days: await d.stats.iconStats(req.from, req.to),
    })),
  };
}
