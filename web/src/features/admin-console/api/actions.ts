// Player tracking's changes (docs/api.md 'Player sessions', 'Moderation', 'Review'). Each is sent
// once (a repeat of one that landed would answer differently and read as a failure); after it,
// every list and figure of player tracking and the dashboard is read again, also after a refusal.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, type RequestOptions } from '@/lib/api-client';
import { invalidateTracking } from './tracking';

const ONCE: RequestOptions = { retries: 0 };

interface WithReason {
  reason: string;
}

export const trackingRequests = {
  flag: ({ sessionId, reason }: WithReason & { sessionId: string }) =>
    api.post(apiPaths.adminPlayerSession(sessionId, 'flag'), { reason }, ONCE),
  unflag: ({ sessionId, reason }: WithReason & { sessionId: string }) =>
    api.post(apiPaths.adminPlayerSession(sessionId, 'unflag'), { reason }, ONCE),
  void: ({ scoreId, reason }: WithReason & { scoreId: string }) =>
    api.post(apiPaths.adminScoreAction(scoreId, 'void'), { reason }, ONCE),
  clear: ({ scoreId, reason }: WithReason & { scoreId: string }) =>
    api.post(apiPaths.adminScoreAction(scoreId, 'clear'), reason ? { reason } : {}, ONCE),
  reject: ({ scoreId, reason }: WithReason & { scoreId: string }) =>
    api.post(apiPaths.adminScoreAction(scoreId, 'reject'), { reason }, ONCE),
  ban: ({ playerName, reason }: WithReason & { playerName: string }) =>
    api.post(apiPaths.adminBannedPlayers, { playerName, reason }, ONCE),
  unban: ({ playerName }: { playerName: string }) =>
    api.delete(`${apiPaths.adminBannedPlayers}/${encodeURIComponent(playerName)}`, ONCE),
};

export type TrackingAction = keyof typeof trackingRequests;
export type TrackingInput<A extends TrackingAction> = Parameters<(typeof trackingRequests)[A]>[0];

/** What each action tells the admin once done. */
const done: Record<TrackingAction, { title: string; description: string }> = {
  flag: { title: 'Session flagged', description: 'A score from it is held for review.' },
  unflag: {
    title: 'Session unflagged',
    description: 'It left the suspicious list. A held score still waits for review.',
  },
  void: { title: 'Score voided', description: 'It has left every board.' },
  clear: { title: 'Score cleared', description: 'It is on the boards with its original time.' },
  reject: { title: 'Score rejected', description: 'It will never appear on the boards.' },
  ban: { title: 'Player banned', description: 'Their scores left every board.' },
  unban: { title: 'Player unbanned', description: 'Their scores are back on the boards.' },
};

/** One player-tracking action: a toast when it lands, and everything read again after it. */
export function useTrackingAction<A extends TrackingAction>(action: A) {
  const client = useQueryClient();
  const request = trackingRequests[action] as (input: TrackingInput<A>) => Promise<unknown>;
  return useMutation({
    mutationFn: request,
    onSuccess: () => toast({ ...done[action], variant: 'success' }),
    onSettled: () => invalidateTracking(client),
  });
}
