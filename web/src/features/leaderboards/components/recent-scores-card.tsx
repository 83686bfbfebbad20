import { Badge } from '@/components/ui/badge';
import { Ball } from '@/components/ui/ball';
import { Card, CardBody, CardHeader, CardTitle } from '@/components/ui/card';
import { formatLocalTime, formatNumber } from '@/utils/format';
import { ballColorOf } from '../lib/ball-color';
import './recent-scores-card.css';

/** A score as the realtime 'new_score' message carries it. */
export interface RecentScore {
  id: string;
  playerName: string;
  score: number;
  level: number;
  createdAt: string;
}

export type RealtimeStatus = 'connecting' | 'connected' | 'closed';

/** The card lists the 8 latest scores. */
export const RECENT_SCORES_LIMIT = 8;

/**
 * The /high-scores side card 'Recent Scores' (docs/product.md 'Live updates'): 'Live' while the
 * realtime connection is up, 'Connecting...' otherwise; the latest scores, newest first, in a
 * 280 px scroll area. It only displays: the realtime layer owns the connection and the list.
 */
export function RecentScoresCard({
  status,
  entries,
}: {
  status: RealtimeStatus;
  entries: readonly RecentScore[];
}) {
  const live = status === 'connected';
  const shown = entries.slice(0, RECENT_SCORES_LIMIT);
  return (
    <Card className="recent-scores">
      <CardHeader className="recent-scores__header">
        <div className="recent-scores__title-row">
          <CardTitle>Recent Scores</CardTitle>
          {live ? (
            <Badge tone="green" className="recent-scores__badge">
              <span className="recent-scores__pulse" aria-hidden="true" />
              Live
            </Badge>
          ) : (
            <Badge tone="neutral" className="recent-scores__badge">
              Connecting...
            </Badge>
          )}
        </div>
        <p className="recent-scores__subtitle">Score updates appear in real-time</p>
      </CardHeader>
      <CardBody className="recent-scores__body">
        <div
          className="recent-scores__scroll"
          role="log"
          aria-live="polite"
          aria-label="Recent scores"
          tabIndex={0}
        >
          {shown.length === 0 ? (
            <p className="recent-scores__empty">Waiting for new scores to be submitted...</p>
          ) : (
            <ul className="recent-scores__list">
              {shown.map((entry) => (
                <li key={entry.id} className="recent-score">
                  <Ball color={ballColorOf(entry.playerName)} size={22} />
                  <div className="recent-score__who">
                    <span className="recent-score__name" title={entry.playerName}>
                      {entry.playerName}
                    </span>
                    <span className="recent-score__meta">
                      <time dateTime={entry.createdAt}>{formatLocalTime(entry.createdAt)}</time>
                      <span aria-hidden="true"> · </span>
                      Level {entry.level}
                    </span>
                  </div>
                  <span className="recent-score__points">{formatNumber(entry.score)} pts</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
