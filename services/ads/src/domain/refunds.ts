import { AppError, type Knex } from '@ballmatch/platform';
import type { AdRecord, AdStore } from '../store/ads';
import { PAYMENTS_UNAVAILABLE, type Payments } from './payments';

/**
 * Refunds part or all of an ad's payment inside the caller's transaction (which holds the ad's
 * row): Stripe is asked with an idempotency key made from the order, so a retry after a failure
 * anywhere refunds once; the refund is recorded only when Stripe made it.
 */
export function createRefunds(deps: { ads: AdStore; payments: Payments | null }) {
  return async function refund(
    trx: Knex,
    ad: AdRecord,
    cents: number,
    idempotencyKey: string,
    at: Date,
  ): Promise<void> {
    if (cents <= 0) return;
    if (!deps.payments) throw new AppError('UNAVAILABLE', PAYMENTS_UNAVAILABLE);
    if (!ad.paymentIntentId) {
      throw new AppError('FAILED_PRECONDITION', 'This order has no payment to refund');
    }
    const made = await deps.payments.refund({
      paymentIntentId: ad.paymentIntentId,
      amountCents: cents,
      idempotencyKey,
    });
    await deps.ads.recordRefund(trx, ad.orderId, {
      refundId: made.id,
      cents: made.amountCents,
      at,
    });
  };
}

export type RefundOrder = ReturnType<typeof createRefunds>;
