import { AppError, isUuid, type Knex } from '@ballmatch/platform';
import { allowsAction, type AdAction as AdActionName } from '@ballmatch/rules';
import type { AdChange, AdRecord, AdStore } from '../store/ads';
import { adsChangedEvent, type AdChangeKind } from './events';
import { adState } from './state';

/** What an admin action decided: the change to store and the `ads.changed` it announces. */
export interface Decision {
  change: AdChange;
  announce: AdChangeKind;
}

export type AdAction = (ad: AdRecord, trx: Knex.Transaction, at: Date) => Promise<Decision>;

const noSuchAd = () => new AppError('NOT_FOUND', 'No such ad');

/** 409 with `message` when the ad's state does not allow the action (@ballmatch/rules). */
export function requireState(ad: AdRecord, at: Date, action: AdActionName, message: string): void {
  if (!allowsAction(adState(ad, at), action)) throw new AppError('ALREADY_EXISTS', message);
}

/**
 * Runs an admin action on one ad: the row locked (actions on one ad run one at a time), the
 * decision stored with its `ads.changed` event in one transaction, then `changed()` (drop the
 * serving cache, wake the outbox relay). Answers the ad as it now is.
 */
export function createAdChanges(deps: { ads: AdStore; now: () => Date; changed: () => void }) {
  const { ads, now } = deps;
  return async function apply(adId: string, action: AdAction): Promise<AdRecord> {
    if (!isUuid(adId)) throw noSuchAd();
    const at = now();
    const ad = await ads.transaction(async (trx) => {
      const locked = await ads.lockById(trx, adId);
      if (!locked) throw noSuchAd();
      const decision = await action(locked, trx, at);
      await ads.change(trx, adId, decision.change, at);
      await ads.writeEvents(trx, [adsChangedEvent('ad', adId, decision.announce, at)]);
      return (await ads.byId(adId, trx))!;
    });
    deps.changed();
    return ad;
  };
}

export type ApplyAdAction = ReturnType<typeof createAdChanges>;
