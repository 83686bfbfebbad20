import { AppError } from '@ballmatch/platform';
import type { AdStore } from '../store/ads';
import { recordStripeEvent } from '../store/stripe-events';
import type { Fulfilment } from './fulfil';
import { PAYMENTS_UNAVAILABLE, type Payments } from './payments';

/** Events that pay an order, and events that end its checkout unpaid. */
const PAYING = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);
const FAILING = new Set(['checkout.session.async_payment_failed', 'checkout.session.expired']);

/**
 * Stripe's webhook deliveries: verified on the raw body (signature and age), checked against
 * the shape this service reads (payments.ts), then applied once per event id: the id is
 * recorded in the same transaction as the event's effect, so a redelivery, a replay or a
 * concurrent copy changes nothing.
 */
export function createWebhook(deps: {
  ads: AdStore;
  payments: Payments | null;
  fulfilment: Fulfilment;
}) {
  const { ads, payments, fulfilment } = deps;
  return {
    /** `applied` is false for an event already applied. */
    async handle(payload: Buffer, signature: string): Promise<{ applied: boolean }> {
      if (!payments) throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
      // Verified and checked for shape (a malformed event is a 400 that records nothing).
      const event = payments.verifyEvent(payload, signature);
      return ads.transaction(async (trx) => {
        if (!(await recordStripeEvent(trx, event.id, event.type))) return { applied: false };
        if (event.session && PAYING.has(event.type)) {
          // checkout.session.completed also comes unpaid for a delayed method: fulfil checks.
          await fulfilment.fulfil(event.session, trx);
        } else if (event.session && FAILING.has(event.type)) {
          await fulfilment.fail(event.session, trx);
        }
        return { applied: true };
      });
    },
  };
}

export type Webhook = ReturnType<typeof createWebhook>;
