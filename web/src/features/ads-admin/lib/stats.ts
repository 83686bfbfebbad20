// The statistics pages' figures, from the server's per-day rows.
import { COLORS, type Color } from '@ballmatch/engine';
import { perDay } from '@/components/stats/days';
import type { Ad, AdStats, IconDay } from '../api/types';

export interface AdTotals {
  ad: Ad;
  impressions: number;
  clicks: number;
  /** Clicks per impression, 0 without impressions (sorts below any real rate). */
  rate: number;
}

/** Each ad's impressions and clicks within the range (the ad's own counters are lifetime). */
export function totalsPerAd({ ads, days }: AdStats): AdTotals[] {
  const sums = new Map<string, { impressions: number; clicks: number }>();
  for (const row of days) {
    const sum = sums.get(row.adId) ?? { impressions: 0, clicks: 0 };
    sum.impressions += row.impressions;
    sum.clicks += row.clicks;
    sums.set(row.adId, sum);
  }
  return ads.map((ad) => {
    const { impressions, clicks } = sums.get(ad.id) ?? { impressions: 0, clicks: 0 };
    return { ad, impressions, clicks, rate: impressions > 0 ? clicks / impressions : 0 };
  });
}

/** Impressions per day for each ball colour, in the game's colour order. */
export function iconImpressionsPerColor(
  days: readonly string[],
  rows: readonly IconDay[],
): Array<{ color: Color; values: number[] }> {
  return COLORS.map((color) => ({
    color,
    values: perDay(
      days,
      rows.filter((row) => row.color === color),
      (row) => row.impressions,
    ),
  }));
}
