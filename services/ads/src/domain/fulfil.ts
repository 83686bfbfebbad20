import { isUuid, type Knex, type Logger } from '@ballmatch/platform';
import type { AdStore } from '../store/ads';
import type { CheckoutSession } from './payments';

/**
 * The one way an order becomes paid: from what Stripe itself says about its Checkout Session
 * (a verified webhook, or the server's own retrieval when the buyer comes back), never from
 * the browser. Both the webhook and GetOrder call these; a conditional update makes each happen
 * once per order however many callers race.
 */
export function createFulfilment(deps: { ads: AdStore; now: () => Date; logger: Logger }) {
  const { ads, now, logger } = deps;

  /** The session's order, if the session is really this order's (amount, currency, session). */
  async function orderOf(session: CheckoutSession, trx: Knex) {
    if (!session.orderId || !isUuid(session.orderId)) return null;
    const ad = await ads.byOrderId(session.orderId, trx);
    if (!ad) return null;
    const mismatch =
      (ad.checkoutSessionId !== null && ad.checkoutSessionId !== session.id) ||
      (session.amountTotal !== null && session.amountTotal !== ad.priceCents) ||
      (session.currency !== null && session.currency !== ad.currency);
    if (mismatch) {
      logger.error(
        { orderId: ad.orderId, sessionId: session.id },
        'checkout session does not match its order; left unpaid',
      );
      return null;
    }
    return ad;
  }

  const within = <T>(trx: Knex.Transaction | undefined, work: (t: Knex) => Promise<T>) =>
    trx ? work(trx) : ads.transaction(work);

  const fulfilment = {
    /** Awaiting payment → awaiting review when the session is paid. True when this call did it. */
    fulfil(session: CheckoutSession, trx?: Knex.Transaction): Promise<boolean> {
      if (session.paymentStatus !== 'paid') return Promise.resolve(false);
      return within(trx, async (t) => {
        const ad = await orderOf(session, t);
        if (!ad) return false;
        return ads.markPaid(t, ad.orderId, {
          sessionId: session.id,
          paymentIntentId: session.paymentIntentId,
          amountCents: session.amountTotal ?? ad.priceCents,
          paidAt: now(),
        });
      });
    },

    /** Awaiting payment → payment failed (the payment failed or the session expired). */
    fail(session: CheckoutSession, trx?: Knex.Transaction): Promise<boolean> {
      return within(trx, async (t) => {
        const ad = await orderOf(session, t);
        return ad ? ads.markPaymentFailed(t, ad.orderId, now()) : false;
      });
    },

    /** What a retrieved session says: paid fulfils, expired fails, anything else waits. */
    settle(session: CheckoutSession, trx?: Knex.Transaction): Promise<boolean> {
      if (session.paymentStatus === 'paid') return fulfilment.fulfil(session, trx);
      if (session.status === 'expired') return fulfilment.fail(session, trx);
      return Promise.resolve(false);
    },
  };
  return fulfilment;
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
