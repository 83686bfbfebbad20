import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/utils/format';
import { useTrackingAction, type TrackingAction } from '../../api/actions';
import { bannedPlayersQueryOptions } from '../../api/tracking';
import type { TrackedSession } from '../../api/types';
import { ReasonDialog } from './reason-dialog';

type SessionAction = Extract<TrackingAction, 'flag' | 'unflag' | 'ban'>;

const DIALOGS: Record<
  SessionAction,
  { title: string; intro: string; submitLabel: string; pendingLabel: string; danger?: boolean }
> = {
  flag: {
    title: 'Flag this session',
    intro: 'It joins the suspicious list, and a score from it is held for review.',
    submitLabel: 'Flag session',
    pendingLabel: 'Flagging…',
  },
  unflag: {
    title: 'Unflag this session',
    intro:
      'It leaves the suspicious list; the flags stay in its history. A score already held still waits for review.',
    submitLabel: 'Unflag session',
    pendingLabel: 'Unflagging…',
  },
  ban: {
    title: 'Ban this player from the boards',
    intro:
      "Every score of the player behind this name leaves every board, and they cannot submit another (a registered player's account, whatever name it plays under).",
    submitLabel: 'Ban player',
    pendingLabel: 'Banning…',
    danger: true,
  },
};

/** The player's name as the boards compare them (the server also folds look-alikes). */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Flag or unflag the session with a reason; ban or unban the player behind its name. */
export function SessionModeration({ session }: { session: TrackedSession }) {
  const [dialog, setDialog] = useState<SessionAction | null>(null);
  const action = useTrackingAction(dialog ?? 'flag');
  const unban = useTrackingAction('unban');
  const bans = useQuery(bannedPlayersQueryOptions());
  const ban = bans.data?.find((b) => sameName(b.playerName, session.playerName));

  const send = (reason: string) =>
    dialog === 'ban'
      ? action.mutateAsync({ playerName: session.playerName, reason })
      : action.mutateAsync({ sessionId: session.id, reason });

  return (
    <>
      {ban && (
        <p className="tracking-ban">
          <Badge tone="orange">Banned</Badge> since {formatDateTime(ban.bannedAt)}: {ban.reason}
        </p>
      )}
      <div className="tracking-actions">
        {session.suspicious ? (
          <Button size="sm" variant="secondary" onClick={() => setDialog('unflag')}>
            Unflag session
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setDialog('flag')}>
            Flag session
          </Button>
        )}
        {ban ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={unban.isPending}
            onClick={() => unban.mutate({ playerName: ban.playerName })}
          >
            {unban.isPending ? 'Unbanning…' : 'Unban player'}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger"
            disabled={!bans.isSuccess}
            onClick={() => setDialog('ban')}
          >
            Ban player
          </Button>
        )}
      </div>
      {unban.isError && (
        <Alert>{errorMessage(unban.error, 'Could not unban the player. Please try again.')}</Alert>
      )}
      {dialog && <ReasonDialog {...DIALOGS[dialog]} send={send} onClose={() => setDialog(null)} />}
    </>
  );
}
