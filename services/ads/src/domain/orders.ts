import { AppError, isUuid, type Logger } from '@ballmatch/platform';
import type { AdRecord, AdStore } from '../store/ads';
import type { CatalogService } from './catalog';
import type { Fulfilment } from './fulfil';
import { checkColor, checkDestinationUrl, checkIdempotencyKey, checkKind } from './order-input';
import { PAYMENTS_UNAVAILABLE, type Payments } from './payments';

export interface OrderRequest {
  kind: string;
  color: string;
  imageKey: string;
  destinationUrl: string;
  runDays: number;
  idempotencyKey: string;
}

/** The advertiser's username, for the admins' lists ('' when it cannot be read now). */
export type AdvertiserName = (advertiserId: string) => Promise<string>;

/** Checkout Sessions closer than this to their expiry are not handed out again. */
const CHECKOUT_MARGIN_MS = 60_000;

const noSuchOrder = () => new AppError('NOT_FOUND', 'No such order');
const notAwaitingPayment = () =>
  new AppError('ALREADY_EXISTS', 'This order is not awaiting payment');
const unavailable = () => new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);

/** An advertiser's orders: creating one (once per idempotency key), paying it, reading it. */
export function createOrders(deps: {
  ads: AdStore;
  catalog: CatalogService;
  ownedImage: (key: string, ownerId: string, kind: string) => Promise<boolean>;
  payments: Payments | null;
  fulfilment: Fulfilment;
  advertiserName: AdvertiserName;
  /** The site's address (no trailing slash): Checkout sends the buyer back there. */
  publicUrl: string;
  now: () => Date;
  logger: Logger;
}) {
  const { ads, catalog, payments, fulfilment, now, logger } = deps;

  /** The same key must mean the same order: a reused key with other fields is refused. */
  function sameOrder(ad: AdRecord, order: Omit<OrderRequest, 'idempotencyKey'>): AdRecord {
    const same =
      ad.kind === order.kind &&
      ad.color === order.color &&
      ad.imageKey === order.imageKey &&
      ad.destinationUrl === order.destinationUrl &&
      ad.runDays === order.runDays;
    if (!same) {
      throw new AppError(
        'INVALID_ARGUMENT',
        'This Idempotency-Key was already used for a different order',
        { field: 'idempotencyKey' },
      );
    }
    return ad;
  }

  async function ownOrder(advertiserId: string, orderId: string): Promise<AdRecord> {
    const ad = isUuid(orderId) ? await ads.byOrderId(orderId) : undefined;
    if (!ad || ad.advertiserId !== advertiserId) throw noSuchOrder();
    return ad;
  }

  return {
    /** The ad and its order, awaiting payment; `created` is false when the key found one. */
    async create(
      advertiserId: string,
      request: OrderRequest,
    ): Promise<{ ad: AdRecord; created: boolean }> {
      if (!payments) throw unavailable();
      const idempotencyKey = checkIdempotencyKey(request.idempotencyKey);
      const kind = checkKind(request.kind);
      const order = {
        kind,
        color: checkColor(kind, request.color),
        imageKey: request.imageKey,
        destinationUrl: checkDestinationUrl(request.destinationUrl),
        runDays: request.runDays,
      };
      const priceCents = catalog.price(kind, order.runDays);

      const existing = await ads.byOrderKey(advertiserId, idempotencyKey);
      if (existing) return { ad: sameOrder(existing, order), created: false };
      if (!(await deps.ownedImage(order.imageKey, advertiserId, kind))) {
        throw new AppError('INVALID_ARGUMENT', `imageKey must name a ${kind} image you uploaded`, {
          field: 'imageKey',
        });
      }
      const made = await ads.insertOrder({
        ...order,
        advertiserId,
        advertiserName: await deps.advertiserName(advertiserId),
        idempotencyKey,
        priceCents,
        currency: catalog.read().currency,
        createdAt: now(),
      });
      if (made) return { ad: made, created: true };
      // A concurrent identical request inserted it first.
      const raced = await ads.byOrderKey(advertiserId, idempotencyKey);
      return { ad: sameOrder(raced!, order), created: false };
    },

    /**
     * Where to pay: the order's Checkout Session, made once (the row is locked meanwhile, and
     * Stripe's idempotency key `checkout-<orderId>` holds across processes and retries).
     */
    async startCheckout(advertiserId: string, orderId: string): Promise<string> {
      if (!payments) throw unavailable();
      await ownOrder(advertiserId, orderId);
      const outcome = await ads.transaction(async (trx) => {
        const ad = (await ads.lockByOrderId(trx, orderId))!;
        if (ad.status !== 'awaiting_payment') return { ok: false as const };
        const open = ad.checkoutExpiresAt && ad.checkoutExpiresAt.getTime() - CHECKOUT_MARGIN_MS;
        if (ad.checkoutUrl && open && open > now().getTime()) {
          return { ok: true as const, url: ad.checkoutUrl };
        }
        const session = ad.checkoutSessionId
          ? await payments.retrieveCheckout(ad.checkoutSessionId)
          : await payments.createCheckout({
              orderId,
              amountCents: ad.priceCents,
              currency: ad.currency,
              description: describe(ad),
              successUrl: `${deps.publicUrl}/payment-success?order=${orderId}`,
              cancelUrl: `${deps.publicUrl}/payment?order=${orderId}`,
            });
        // Paid, expired (Stripe keeps one session per order: the key), or complete with a
        // delayed payment still clearing: nothing to pay here.
        if (session.status !== 'open' || !session.url || session.paymentStatus === 'paid') {
          await fulfilment.settle(session, trx);
          return { ok: false as const };
        }
        await ads.setCheckout(trx, orderId, {
          id: session.id,
          url: session.url,
          expiresAt: session.expiresAt,
        });
        return { ok: true as const, url: session.url };
      });
      if (!outcome.ok) throw notAwaitingPayment();
      return outcome.url;
    },

    /**
     * The order as its advertiser sees it. While it awaits payment, Stripe is asked first (the
     * success page's check when the webhook has not come yet); if Stripe cannot be asked, the
     * stored state is answered.
     */
    async get(advertiserId: string, orderId: string): Promise<AdRecord> {
      const ad = await ownOrder(advertiserId, orderId);
      if (ad.status !== 'awaiting_payment' || !ad.checkoutSessionId || !payments) return ad;
      try {
        await fulfilment.settle(await payments.retrieveCheckout(ad.checkoutSessionId));
      } catch (error) {
        logger.warn({ err: error, orderId }, 'could not ask Stripe about an order');
        return ad;
      }
      // Read again: this call or a concurrent one (a webhook) may have changed it.
      return (await ads.byOrderId(orderId))!;
    },
  };
}

/** What the buyer sees on Stripe's page. */
function describe(ad: AdRecord): string {
  const what = ad.kind === 'ball' ? `ball-face ad (${ad.color} balls)` : 'banner ad';
  return `BallMatch ${what}, ${ad.runDays} day${ad.runDays === 1 ? '' : 's'}`;
}

export type Orders = ReturnType<typeof createOrders>;
