import { COLORS } from '@ballmatch/engine';
import { ReadCache } from '@ballmatch/platform';
import type { AdKind, AdRecord, AdStore } from '../store/ads';
import { adState } from './state';
import { imageUrlOf } from './uploads';

/** What the offers module needs to know about running ads: the contract between serving and offers. */

export interface ServedAd {
  id: string;
  color: string;
  imageUrl: string;
  destinationUrl: string;
}

export interface ServingSource {
  /** Running ball-face ads, at most one per colour (the rotation rule). */
  activeBallAds(): Promise<ServedAd[]>;
  /** Colours that have a custom icon. */
  iconColors(): Promise<string[]>;
  /** The banner to show now (rotation), or null. */
  banner(placement: string): Promise<ServedAd | null>;
  /** Where a click on this ad goes, or null when it is no longer running. */
  destinationOf(adId: string): Promise<string | null>;
}

/** A minute per ad when several take turns (docs/api.md 'Rotation'). */
export const ROTATION_MS = 60_000;

/** The one that shows now of several taking turns, in the order they started. */
export function inRotation<T>(list: readonly T[], now: Date): T | null {
  if (list.length === 0) return null;
  return list[Math.floor(now.getTime() / ROTATION_MS) % list.length]!;
}

/**
 * Serving from the ads table and the icons: approved runs read against the clock (no job flips
 * a row when a run starts or ends), the lists kept for `cacheMs` and dropped at once on this
 * process's own changes (`invalidate`).
 */
export function createServing(deps: {
  ads: AdStore;
  /** The colours that have a custom icon. */
  iconColors: () => Promise<string[]>;
  now: () => Date;
  cacheMs: number;
}): ServingSource & { invalidate(): void } {
  const cache = new ReadCache(deps.cacheMs, deps.now);
  // Loaded against the clock of the load; filtered again against the clock of each read.
  const approved = () => cache.get('approved', () => deps.ads.approvedUntil(deps.now()));

  async function running(kind: AdKind, at: Date): Promise<AdRecord[]> {
    return (await approved()).filter((ad) => ad.kind === kind && adState(ad, at) === 'running');
  }

  return {
    async activeBallAds() {
      const at = deps.now();
      const ads = await running('ball', at);
      return COLORS.flatMap((color) => {
        const shown = inRotation(
          ads.filter((ad) => ad.color === color),
          at,
        );
        return shown ? [served(shown)] : [];
      });
    },

    iconColors: () => cache.get('icons', deps.iconColors),

    async banner() {
      const at = deps.now();
      const shown = inRotation(await running('banner', at), at);
      return shown && served(shown);
    },

    async destinationOf(adId) {
      const at = deps.now();
      const ad = (await approved()).find((a) => a.id === adId);
      return ad && adState(ad, at) === 'running' ? ad.destinationUrl : null;
    },

    invalidate: () => cache.clear(),
  };
}

function served(ad: AdRecord): ServedAd {
  return {
    id: ad.id,
    color: ad.color,
    imageUrl: imageUrlOf(ad.imageKey),
    destinationUrl: ad.destinationUrl,
  };
}
