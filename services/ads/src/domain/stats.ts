import { AppError } from '@ballmatch/platform';
import type { AdStore, RevenueDay } from '../store/ads';
import type { AdDay } from '../store/counters';
import type { CounterReads } from './counters';
import type { Listing, AdView } from './listing';
import { DAY_MS } from './state';

/** The default range: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** The longest range one request may read. */
const MAX_DAYS = 366;
const MAX_ADS = 1000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

function parseDay(text: string, field: string): Date {
  const at = new Date(`${text}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(at.getTime()) || dayOf(at) !== text) {
    throw new AppError('INVALID_ARGUMENT', `${field} must be a date as YYYY-MM-DD`, { field });
  }
  return at;
}

/** `from` and `to` (YYYY-MM-DD, inclusive, UTC); either '' takes the default. */
export function dayRange(from: string, to: string, now: Date): { from: string; to: string } {
  const end = to ? parseDay(to, 'to') : parseDay(dayOf(now), 'to');
  const start = from
    ? parseDay(from, 'from')
    : new Date(end.getTime() - (DEFAULT_DAYS - 1) * DAY_MS);
  if (start > end)
    throw new AppError('INVALID_ARGUMENT', 'from must not be after to', { field: 'from' });
  if ((end.getTime() - start.getTime()) / DAY_MS + 1 > MAX_DAYS) {
    throw new AppError('INVALID_ARGUMENT', `The range may span at most ${MAX_DAYS} days`, {
      field: 'from',
    });
  }
  return { from: dayOf(start), to: dayOf(end) };
}

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
