// What each state of an ad is called and how it looks; which admin actions it allows is the
// rule the ads service enforces (@ballmatch/rules).
import type { AdState } from '@ballmatch/rules';
import type { BadgeTone } from '@/components/ui/badge';

export const AD_STATE_LABELS: Record<AdState, string> = {
  awaiting_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  awaiting_review: 'Awaiting review',
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  ended: 'Ended',
  rejected: 'Rejected',
};

export const AD_STATE_TONES: Record<AdState, BadgeTone> = {
  awaiting_payment: 'neutral',
  payment_failed: 'neutral',
  awaiting_review: 'orange',
  scheduled: 'blue',
  running: 'green',
  paused: 'purple',
  ended: 'neutral',
  rejected: 'neutral',
};

/** The state filter's choices, what needs the admin first. */
export const AD_STATE_FILTERS: AdState[] = [
  'awaiting_review',
  'scheduled',
  'running',
  'paused',
  'ended',
  'rejected',
  'awaiting_payment',
  'payment_failed',
];
