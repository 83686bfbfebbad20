import { Tabs } from '@/components/ui/tabs';
import { HeldScores } from './held-scores';
import { SessionDetail } from './session-detail';
import { SessionFilters } from './session-filters';
import { SessionList } from './session-list';
import { useTrackingParams } from './use-tracking-params';
import '../admin-console.css';
import './tracking.css';

/**
 * Player tracking (docs/product.md 'Admin console'): game sessions newest first, all or the
 * suspicious ones, by player or by address; a session's detail with the server's timing
 * analysis, its flags and score and what to do about them; and the scores held for review.
 */
export function PlayerTracking() {
  const t = useTrackingParams();
  const sessions = (
    <div className="admin-console">
      <SessionFilters key={JSON.stringify(t.filter)} filter={t.filter} onChange={t.setFilter} />
      {t.sessionId && (
        <SessionDetail
          id={t.sessionId}
          onClose={() => t.openSession(null)}
          onFilter={t.setFilter}
        />
      )}
      <SessionList
        filter={t.filter}
        page={t.page}
        selected={t.sessionId}
        onPage={t.setPage}
        onOpen={t.openSession}
      />
    </div>
  );
  return (
    <Tabs
      label="Player tracking"
      value={t.tab}
      onChange={t.setTab}
      items={[
        { value: 'sessions', label: 'Sessions', content: sessions },
        {
          value: 'review',
          label: 'Held scores',
          content: <HeldScores onOpenSession={t.openSession} />,
        },
      ]}
    />
  );
}
