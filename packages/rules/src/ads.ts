/**
 * An ad's life (docs/api.md 'Ads and payments'): what is stored, the state it is in at a moment,
 * and which admin actions each state allows. The ads service enforces these; the admin pages
 * offer only the actions allowed. The one home of these rules.
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

export type AdKind = 'ball' | 'banner';

/** What the state of an ad is read from. */
export interface AdRun {
  status: AdStatus;
  startsAt: Date | null;
  endsAt: Date | null;
}

/**
 * The stored status read against the clock: runs start and end by time alone, so no job has to
 * flip a row at the right moment, and every replica agrees on what runs now.
 */
export function adState(ad: AdRun, now: Date): AdState {
  if (ad.status !== 'approved') return ad.status;
  const at = now.getTime();
  if (!ad.startsAt || !ad.endsAt) return 'ended';
  if (at < ad.startsAt.getTime()) return 'scheduled';
  return at < ad.endsAt.getTime() ? 'running' : 'ended';
}

/** A reviewer's verdict on an ad waiting for review. */
export type ReviewAction = 'approve' | 'reject';
/** An admin's hand on an approved ad: move the start, pause, resume, end early. */
export type ManageAction = 'schedule' | 'pause' | 'resume' | 'end';
export type AdAction = ReviewAction | ManageAction;

/** The states each action may start from; any other answers 409. */
export const ACTION_STATES: Readonly<Record<AdAction, readonly AdState[]>> = {
  approve: ['awaiting_review'],
  reject: ['awaiting_review'],
  // Only before its run starts: a running ad's start has passed.
  schedule: ['scheduled'],
  pause: ['scheduled', 'running'],
  resume: ['paused'],
  end: ['scheduled', 'running', 'paused'],
};

const MANAGE_ACTIONS: readonly ManageAction[] = ['schedule', 'pause', 'resume', 'end'];

export function allowsAction(state: AdState, action: AdAction): boolean {
  return ACTION_STATES[action].includes(state);
}

/** The manage actions an ad in `state` allows, in the order the admin pages show them. */
export function manageActionsFor(state: AdState): ManageAction[] {
  return MANAGE_ACTIONS.filter((action) => allowsAction(state, action));
}
