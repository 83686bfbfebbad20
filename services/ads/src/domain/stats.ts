import { dayRange } from '@ballmatch/platform';
import type { AdStore, RevenueDay } from '../store/ads';
import type { AdDay } from '../store/counters';
import type { CounterReads } from './counters';
import type { Listing, AdView } from './listing';

const MAX_ADS = 1000;

export interface AdStats {
  ads: AdView[];
  days: AdDay[];
  revenue: RevenueDay[];
}

/** The admins' statistics: per ad and per day, and money in and out per day. */
export function createStats(deps: {
  ads: AdStore;
  listing: Listing;
  counters: CounterReads;
  now: () => Date;
}) {
  const { ads, listing, counters, now } = deps;
  return {
    async adStats(fromText: string, toText: string): Promise<AdStats> {
      const { from, to } = dayRange(fromText, toText, now());
      const [records, days, revenue] = await Promise.all([
        ads.activeBetween(from, to, MAX_ADS),
        counters.adDays(from, to),
        ads.revenueDays(from, to),
      ]);
      return { ads: await listing.view(records), days, revenue };
    },

    async iconStats(fromText: string, toText: string) {
      const { from, to } = dayRange(fromText, toText, now());
      return counters.iconDays(from, to);
    },
  };
}

export type Stats = ReturnType<typeof createStats>;
