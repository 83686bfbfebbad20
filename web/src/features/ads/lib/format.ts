import type { Ad, AdState } from '../api/types';

const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in cents in the catalog's currency: `$25.00`. */
export function formatPrice(cents: number, currency: string): string {
  const code = currency.toUpperCase();
  let format = formatters.get(code);
  if (!format) {
    try {
      format = new Intl.NumberFormat(undefined, { style: 'currency', currency: code });
    } catch {
      // An unknown code: the amount with the code beside it.
      format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2 });
    }
    formatters.set(code, format);
  }
  const text = format.format(cents / 100);
  return format.resolvedOptions().style === 'currency' ? text : `${text} ${code}`;
}

/** Each state in words (docs/api.md 'Ads and payments', `state`). */
export const STATE_WORDS: Record<AdState, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  awaiting_review: 'Paid, awaiting review',
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  ended: 'Ended',
  rejected: 'Rejected and refunded',
};

export function stateWords(state: string): string {
  return STATE_WORDS[state as AdState] ?? state;
}

/** What the ad is: "Red ball ad" or "Banner ad". */
export function describeAd(ad: Pick<Ad, 'kind' | 'color'>): string {
  if (ad.kind === 'banner') return 'Banner ad';
  const color = ad.color ? `${ad.color[0].toUpperCase()}${ad.color.slice(1)} ` : '';
  return `${color}ball ad`;
}

/** A date of the run in the reader's format; '' when not set yet. */
export function formatDay(iso: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString();
}

/** Clicks per impression as a percentage, or a dash before any impression. */
export function clickThrough(impressions: number, clicks: number): string {
  if (!(impressions > 0)) return '—';
  return `${((clicks / impressions) * 100).toFixed(1)}%`;
}
