import { AppError } from '@ballmatch/platform';
import type { AdRecord } from '../store/ads';
import { requireState, type ApplyAdAction } from './ad-changes';
import type { RefundOrder } from './refunds';
import { parseStart } from './start-time';
import { DAY_MS } from './state';

/**
 * The unserved share of an ad's payment: price × unserved time ÷ run, cents rounded down.
 * Unserved is what is left of its run at `at` (or when it was paused); pauses already moved
 * its end, so time lost to them is not counted as served.
 */
export function unusedCents(ad: AdRecord, at: Date): number {
  if (!ad.startsAt || !ad.endsAt) return 0;
  const runMs = ad.runDays * DAY_MS;
  const from = Math.max(ad.startsAt.getTime(), (ad.pausedAt ?? at).getTime());
  const unserved = Math.min(runMs, Math.max(0, ad.endsAt.getTime() - from));
  // BigInt: cents × milliseconds passes 2^53.
  return Number((BigInt(ad.paidCents) * BigInt(unserved)) / BigInt(runMs));
}

export type EndRefund = 'unused' | 'none';

/** An admin's hand on approved ads: pause, resume, end early, move a start. */
export function createManagement(deps: { apply: ApplyAdAction; refund: RefundOrder }) {
  const { apply, refund } = deps;
  return {
    pause(adId: string): Promise<AdRecord> {
      return apply(adId, async (ad, _trx, at) => {
        requireState(ad, at, 'pause', 'Only a scheduled or running ad can be paused');
        return { change: { status: 'paused', pausedAt: at }, announce: 'paused' };
      });
    },

    /** Running again; its end moves later by the part of its run the pause took. */
    resume(adId: string): Promise<AdRecord> {
      return apply(adId, async (ad, _trx, at) => {
        requireState(ad, at, 'resume', 'This ad is not paused');
        const from = Math.max(ad.pausedAt!.getTime(), ad.startsAt!.getTime());
        const lost = Math.max(0, at.getTime() - from);
        return {
          change: {
            status: 'approved',
            pausedAt: null,
            endsAt: new Date(ad.endsAt!.getTime() + lost),
          },
          announce: 'resumed',
        };
      });
    },

    /** Ended now; `unused` refunds the unserved share (key `refund-end-<orderId>`). */
    end(adId: string, refundWhat: string): Promise<AdRecord> {
      if (refundWhat !== 'unused' && refundWhat !== 'none') {
        throw new AppError('INVALID_ARGUMENT', "refund must be 'unused' or 'none'", {
          field: 'refund',
        });
      }
      return apply(adId, async (ad, trx, at) => {
        requireState(ad, at, 'end', 'Only a scheduled, running or paused ad can be ended');
        if (refundWhat === 'unused') {
          await refund(trx, ad, unusedCents(ad, at), `refund-end-${ad.orderId}`, at);
        }
        // Its run is cut at now (a run that had not started becomes an empty one).
        const startsAt = new Date(Math.min(ad.startsAt!.getTime(), at.getTime()));
        return {
          change: { status: 'ended', pausedAt: null, startsAt, endsAt: at },
          announce: 'ended',
        };
      });
    },

    /** A new start for an approved ad that has not started; its run keeps its length. */
    schedule(adId: string, startsAt: string): Promise<AdRecord> {
      return apply(adId, async (ad, _trx, at) => {
        requireState(ad, at, 'schedule', 'Only an ad that has not started can be rescheduled');
        const start = parseStart(startsAt, at, { orNow: false });
        return {
          change: { startsAt: start, endsAt: new Date(start.getTime() + ad.runDays * DAY_MS) },
          announce: 'scheduled',
        };
      });
    },
  };
}

export type Management = ReturnType<typeof createManagement>;
