import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { QueryStates } from '@/components/stats/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Facts, type Fact } from '@/components/ui/facts';
import { formatCount, formatDateTime } from '@/utils/format';
import { sessionQueryOptions, type SessionFilter } from '../../api/tracking';
import type { SessionDetail as Detail, SessionFlag } from '../../api/types';
import { formatGap } from '../../lib/format';
import { SessionModeration } from './session-moderation';
import { SessionScore } from './session-score';
import { SessionState } from './session-state';
import { TimingAnalysis } from './timing-analysis';

const FLAG_WORDS: Record<string, string> = {
  SUSPICIOUS_TIMING: 'Suspicious timing',
  ADMIN_FLAG: 'Flagged by an admin',
  ADMIN_UNFLAG: 'Unflagged by an admin',
};

const SOURCE_WORDS: Record<SessionFlag['source'], string> = {
  server: 'server',
  admin: 'admin',
  client: 'the player’s browser (not trusted alone)',
  unknown: 'unknown',
};

/** One session: who, where, its figures, flags, timing analysis, score and what to do about it. */
export function SessionDetail({
  id,
  onClose,
  onFilter,
}: {
  id: string;
  onClose: () => void;
  onFilter: (filter: SessionFilter) => void;
}) {
  const session = useQuery(sessionQueryOptions(id));
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [id]);

  return (
    <section className="tracking-detail" aria-labelledby="tracking-detail-title">
      <div className="tracking-detail__head">
        <h2 id="tracking-detail-title" ref={headingRef} tabIndex={-1}>
          Session {session.data ? `of ${session.data.playerName}` : ''}
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <QueryStates query={session} what="the session">
        {(data) => <DetailBody session={data} onFilter={onFilter} />}
      </QueryStates>
    </section>
  );
}

function DetailBody({
  session,
  onFilter,
}: {
  session: Detail;
  onFilter: (filter: SessionFilter) => void;
}) {
  const facts: Fact[] = [
    ['State', <SessionState key="state" session={session} />],
    ['Player', session.playerName],
    ['Account', session.userId ?? 'Guest'],
    ['IP address', session.ip],
    ['Device', session.deviceFingerprint || '—'],
    ['Started', formatDateTime(session.createdAt)],
    ['Ended', session.endedAt ? formatDateTime(session.endedAt) : 'Still open'],
    ['Score (as the page reported it)', formatCount(session.totalScore)],
    ['Moves', formatCount(session.moveCount)],
    ['Matches', formatCount(session.matchCount)],
    ['Average move', session.averageMoveDuration ? formatGap(session.averageMoveDuration) : '—'],
    ['Session id', session.id],
  ];
  const filters: Array<[SessionFilter, string]> = [
    [{ kind: 'player', value: session.playerName }, 'Sessions of this player'],
    [{ kind: 'ip', value: session.ip }, 'Sessions from this address'],
  ];
  return (
    <div className="tracking-detail__body">
      <Facts facts={facts} className="tracking-facts" />
      <div className="tracking-actions">
        {filters.map(([filter, label]) => (
          <Button key={label} size="sm" variant="ghost" onClick={() => onFilter(filter)}>
            {label}
          </Button>
        ))}
      </div>
      <SessionModeration session={session} />

      <h3>Flags</h3>
      {session.flags.length === 0 ? (
        <p className="admin-console__empty">No flag.</p>
      ) : (
        <ul className="tracking-flags">
          {session.flags.map((flag) => (
            <li key={`${flag.source}-${flag.type}-${flag.createdAt}-${flag.details}`}>
              <Badge tone={flag.type === 'ADMIN_UNFLAG' ? 'green' : 'orange'}>
                {FLAG_WORDS[flag.type] ?? flag.type}
              </Badge>{' '}
              by {SOURCE_WORDS[flag.source]}, {formatDateTime(flag.createdAt)}
              <p>{flag.details}</p>
            </li>
          ))}
        </ul>
      )}

      <h3>Timing analysis</h3>
      <TimingAnalysis timing={session.timing} />

      <h3>Score</h3>
      <SessionScore sessionId={session.id} />
    </div>
  );
}
