import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStates } from '@/components/stats/query-states';
import { Button } from '@/components/ui/button';
import { formatCount, formatDateTime } from '@/utils/format';
import { useTrackingAction } from '../../api/actions';
import { heldScoresQueryOptions } from '../../api/tracking';
import type { ReviewedScore } from '../../api/types';
import { ReasonDialog } from './reason-dialog';
import { SCORE_DIALOGS } from './session-score';

type Shown = 'held' | 'cleared' | 'rejected';

const SHOWN: Array<[Shown, string]> = [
  ['held', 'Held'],
  ['cleared', 'Cleared'],
  ['rejected', 'Rejected'],
];

/**
 * Scores held for review (a suspicious session's game), most recently held first: clear one
 * onto the boards or reject it; the cleared and rejected ones stay listed for the record.
 */
export function HeldScores({ onOpenSession }: { onOpenSession: (sessionId: string) => void }) {
  const [shown, setShown] = useState<Shown>('held');
  const scores = useQuery(heldScoresQueryOptions(shown));
  return (
    <div className="admin-console">
      <div className="tracking-filters__views" role="group" aria-label="Scores shown">
        {SHOWN.map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={shown === value ? 'primary' : 'secondary'}
            aria-pressed={shown === value}
            onClick={() => setShown(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <QueryStates query={scores} what="the scores under review">
        {(list) =>
          list.length === 0 ? (
            <p className="admin-console__empty">
              {shown === 'held' ? 'No score is waiting for review.' : `No ${shown} score.`}
            </p>
          ) : (
            <ul className="tracking-review">
              {list.map((item) => (
                <ReviewCard key={item.score.id} item={item} onOpenSession={onOpenSession} />
              ))}
            </ul>
          )
        }
      </QueryStates>
    </div>
  );
}

function ReviewCard({
  item,
  onOpenSession,
}: {
  item: ReviewedScore;
  onOpenSession: (sessionId: string) => void;
}) {
  const [dialog, setDialog] = useState<'clear' | 'reject' | null>(null);
  const action = useTrackingAction(dialog ?? 'clear');
  const { score } = item;
  return (
    <li className="tracking-review__card panel">
      <p>
        <strong>{score.playerName}</strong>: {formatCount(score.score)} points, level {score.level},{' '}
        {formatCount(score.moves)} moves
      </p>
      <p className="admin-console__empty">
        {item.heldAt ? `Held ${formatDateTime(item.heldAt)}` : 'Held'}: {item.heldReason ?? '—'}
      </p>
      {item.reviewedAt && (
        <p className="admin-console__empty">
          {item.reviewState === 'cleared' ? 'Cleared' : 'Rejected'}{' '}
          {formatDateTime(item.reviewedAt)}
          {item.reviewReason ? `: ${item.reviewReason}` : ''}
        </p>
      )}
      <div className="tracking-actions">
        <Button size="sm" variant="ghost" onClick={() => onOpenSession(item.sessionId)}>
          Open session<span className="visually-hidden"> of {score.playerName}</span>
        </Button>
        {item.reviewState === 'held' && (
          <>
            <Button size="sm" onClick={() => setDialog('clear')}>
              Clear<span className="visually-hidden"> {score.playerName}'s score</span>
            </Button>
            <Button size="sm" variant="danger" onClick={() => setDialog('reject')}>
              Reject<span className="visually-hidden"> {score.playerName}'s score</span>
            </Button>
          </>
        )}
      </div>
      {dialog && (
        <ReasonDialog
          {...SCORE_DIALOGS[dialog]}
          send={(reason) => action.mutateAsync({ scoreId: score.id, reason })}
          onClose={() => setDialog(null)}
        />
      )}
    </li>
  );
}
