/**
 * An ad's state: what is stored (payment, review, pause, end) read against the clock. Runs start
 * and end by time alone, so no job has to flip a row at the right moment, and every replica
 * agrees on what runs now. The one home of this rule.
 */

/** What is stored in `ads.status`. */
export type AdStatus =
  | 'awaiting_payment'
  | 'payment_failed'
  | 'awaiting_review'
  | 'approved'
  | 'paused'
  | 'ended'
  | 'rejected';

/** What the advertiser and the admins see (docs/api.md `Ad.state`). */
export type AdState =
  | 'awaiting_payment'
  | 'payment_failed'
  | 'awaiting_review'
  | 'scheduled'
  | 'running'
  | 'paused'
  | 'ended'
  | 'rejected';

export const AD_STATES: readonly AdState[] = [
  'awaiting_payment',
  'payment_failed',
  'awaiting_review',
  'scheduled',
  'running',
  'paused',
  'ended',
  'rejected',
];

export interface Run {
  status: AdStatus;
  startsAt: Date | null;
  endsAt: Date | null;
}

export function adState(ad: Run, now: Date): AdState {
  if (ad.status !== 'approved') return ad.status;
  const at = now.getTime();
  if (!ad.startsAt || !ad.endsAt) return 'ended';
  if (at < ad.startsAt.getTime()) return 'scheduled';
  return at < ad.endsAt.getTime() ? 'running' : 'ended';
}

export const DAY_MS = 86_400_000;
