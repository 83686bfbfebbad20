// What each state of an ad is called and which admin actions it allows (docs/api.md 'Ads and
// payments': pause from scheduled or running, resume a paused one, end any that has not ended,
// move the start only before it starts).
import type { BadgeTone } from '@/components/ui/badge';
import type { AdState } from '../api/types';

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

export type ManageAction = 'pause' | 'resume' | 'end' | 'schedule';

const ACTIONS: Partial<Record<AdState, ManageAction[]>> = {
  scheduled: ['schedule', 'pause', 'end'],
  running: ['pause', 'end'],
  paused: ['resume', 'end'],
};

export function actionsFor(state: AdState): ManageAction[] {
  return ACTIONS[state] ?? [];
}
