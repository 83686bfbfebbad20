// What each state of an ad is called and how it looks; which admin actions it allows is the
// rule the ads service enforces (@ballmatch/rules).
import { AD_STATES, type AdState } from '@ballmatch/rules';
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

/** The state filter's choices, what needs the admin first: the states from review on, then the unpaid. */
export const AD_STATE_FILTERS: AdState[] = [
  ...AD_STATES.slice(AD_STATES.indexOf('awaiting_review')),
  ...AD_STATES.slice(0, AD_STATES.indexOf('awaiting_review')),
];
