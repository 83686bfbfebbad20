import { AppError } from '@ballmatch/platform';
import type { AdRecord } from '../store/ads';
import { requireState, type ApplyAdAction } from './ad-changes';
import type { RefundOrder } from './refunds';
import { parseStart } from './start-time';
import { DAY_MS } from './state';

const MAX_REASON_LENGTH = 500;
const NOT_IN_REVIEW = 'This ad is not awaiting review';

/** An admin's verdict on a paid ad: approved to run from a start, or rejected and refunded. */
export function createReview(deps: { apply: ApplyAdAction; refund: RefundOrder }) {
  const { apply, refund } = deps;
  return {
    /** Its run starts at `startsAt` ('' = now) and lasts its days. */
    approve(adId: string, startsAt: string): Promise<AdRecord> {
      return apply(adId, async (ad, _trx, at) => {
        requireState(ad, at, 'approve', NOT_IN_REVIEW);
        const start = parseStart(startsAt, at, { orNow: true });
        return {
          change: {
            status: 'approved',
            startsAt: start,
            endsAt: new Date(start.getTime() + ad.runDays * DAY_MS),
          },
          announce: 'approved',
        };
      });
    },

    /**
     * Rejected with a reason the advertiser sees, and refunded in full: the row is locked and
     * Stripe's key is `refund-<orderId>`, so a retried or doubled rejection refunds once.
     */
    reject(adId: string, reason: string): Promise<AdRecord> {
      const text = reason.trim();
      if (text.length < 1 || text.length > MAX_REASON_LENGTH) {
        throw new AppError(
          'INVALID_ARGUMENT',
          `reason must be 1 to ${MAX_REASON_LENGTH} characters`,
          { field: 'reason' },
        );
      }
      return apply(adId, async (ad, trx, at) => {
        requireState(ad, at, 'reject', NOT_IN_REVIEW);
        await refund(trx, ad, ad.paidCents, `refund-${ad.orderId}`, at);
        return { change: { status: 'rejected', rejectionReason: text }, announce: 'rejected' };
      });
    },
  };
}

export type Review = ReturnType<typeof createReview>;
