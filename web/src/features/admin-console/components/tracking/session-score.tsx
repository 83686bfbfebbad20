import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount, formatDateTime } from '@/utils/format';
import { useTrackingAction } from '../../api/actions';
import { sessionScoreQueryOptions } from '../../api/tracking';
import type { ReviewState, SessionScore as Score } from '../../api/types';
import { ReasonDialog } from './reason-dialog';

const STATE_WORDS: Record<ReviewState, string> = {
  accepted: 'On the boards',
  held: 'Held for review',
  cleared: 'Cleared after review',
  rejected: 'Rejected after review',
};

/** The score the session's game yielded, and the ways to take it off the boards or review it. */
export function SessionScore({ sessionId }: { sessionId: string }) {
  const score = useQuery(sessionScoreQueryOptions(sessionId));
  if (score.isPending) return <p className="admin-console__empty">Reading the score…</p>;
  if (score.isError) {
    const none = score.error instanceof ApiError && score.error.status === 404;
    return (
      <p className="admin-console__empty">
        {none
          ? 'No score was submitted from this game.'
          : `Could not read the score: ${errorMessage(score.error, score.error.message)}`}
      </p>
    );
  }
  return <ScoreFacts score={score.data} />;
}

export type ScoreAction = 'void' | 'clear' | 'reject';

/** What each action on a score asks and says. */
export const SCORE_DIALOGS: Record<
  ScoreAction,
  {
    title: string;
    intro: string;
    submitLabel: string;
    pendingLabel: string;
    danger?: boolean;
    optional?: boolean;
  }
> = {
  void: {
    title: 'Void this score',
    intro: 'It leaves every board: all-time, its week and its season.',
    submitLabel: 'Void score',
    pendingLabel: 'Voiding…',
    danger: true,
  },
  clear: {
    title: 'Clear this score',
    intro: 'It goes on every board it belongs to, with its original time.',
    submitLabel: 'Clear score',
    pendingLabel: 'Clearing…',
    optional: true,
  },
  reject: {
    title: 'Reject this score',
    intro: 'It never appears on the boards.',
    submitLabel: 'Reject score',
    pendingLabel: 'Rejecting…',
    danger: true,
  },
};

function ScoreFacts({ score }: { score: Score }) {
  const [dialog, setDialog] = useState<ScoreAction | null>(null);
  const action = useTrackingAction(dialog ?? 'void');
  const { held, onBoards } = {
    held: score.reviewState === 'held' && !score.voidedAt,
    onBoards:
      !score.voidedAt && (score.reviewState === 'accepted' || score.reviewState === 'cleared'),
  };
  const offered: ScoreAction[] = onBoards ? ['void'] : held ? ['clear', 'reject'] : [];

  return (
    <div className="tracking-score">
      <p>
        <strong>{formatCount(score.score.score)} points</strong>, level {score.score.level},{' '}
        {formatCount(score.score.moves)} moves, submitted {formatDateTime(score.score.createdAt)}
        {' · '}
        {score.voidedAt ? (
          <Badge tone="orange">Voided</Badge>
        ) : (
          <Badge tone={held ? 'orange' : 'neutral'}>{STATE_WORDS[score.reviewState]}</Badge>
        )}
      </p>
      {score.voidedAt && (
        <p className="admin-console__empty">
          Voided {formatDateTime(score.voidedAt)}: {score.voidReason}
        </p>
      )}
      {score.heldReason && <p className="admin-console__empty">Held: {score.heldReason}</p>}
      {offered.length > 0 && (
        <div className="tracking-actions">
          {offered.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={SCORE_DIALOGS[name].danger ? 'danger' : 'primary'}
              onClick={() => setDialog(name)}
            >
              {SCORE_DIALOGS[name].submitLabel}
            </Button>
          ))}
        </div>
      )}
      {dialog && (
        <ReasonDialog
          {...SCORE_DIALOGS[dialog]}
          send={(reason) => action.mutateAsync({ scoreId: score.score.id, reason })}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
