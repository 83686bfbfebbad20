import { AppError } from '@ballmatch/platform';
import type { AdKind, AdRecord, AdStore } from '../store/ads';
import type { CounterReads } from './counters';
import { AD_STATES, adState, type AdState } from './state';

/** An ad as the pages show it: its state now and its counts (as flushed to PostgreSQL). */
export interface AdView extends AdRecord {
  state: AdState;
  impressions: number;
  clicks: number;
}

/** The most ads one list answers (newest first). */
const LIST_LIMIT = 500;

/** The advertisers' and admins' lists of ads, with state and counts. */
export function createListing(deps: { ads: AdStore; counters: CounterReads; now: () => Date }) {
  const { ads, counters, now } = deps;

  async function view(records: AdRecord[]): Promise<AdView[]> {
    const at = now();
    const totals = await counters.totalsByAd(records.map((ad) => ad.id));
    return records.map((ad) => ({
      ...ad,
      state: adState(ad, at),
      impressions: totals.get(ad.id)?.impressions ?? 0,
      clicks: totals.get(ad.id)?.clicks ?? 0,
    }));
  }

  return {
    view,

    /** The caller's ads, newest first. */
    mine: async (advertiserId: string) => view(await ads.ofAdvertiser(advertiserId, LIST_LIMIT)),

    /** Every ad, newest first; `kind` and `state` ('' = any) narrow it. */
    async list(kind: string, state: string): Promise<AdView[]> {
      if (kind !== '' && kind !== 'ball' && kind !== 'banner') {
        throw new AppError('INVALID_ARGUMENT', 'kind must be ball or banner', { field: 'kind' });
      }
      if (state !== '' && !(AD_STATES as readonly string[]).includes(state)) {
        throw new AppError('INVALID_ARGUMENT', `state must be one of: ${AD_STATES.join(', ')}`, {
          field: 'state',
        });
      }
      const at = now();
      const records = await ads.list({ kind: (kind || null) as AdKind | null }, LIST_LIMIT);
      return view(state ? records.filter((ad) => adState(ad, at) === state) : records);
    },
  };
}

export type Listing = ReturnType<typeof createListing>;
