import { useSearchParams } from 'react-router';
import type { SessionFilter } from '../../api/tracking';

export type TrackingTab = 'sessions' | 'review';

/**
 * Player tracking's state, kept in the address so a view can be linked and survives a reload:
 * ?tab=review, ?view=suspicious, ?player= or ?ip=, ?page=, ?session=<id> (the open detail).
 */
export function useTrackingParams() {
  const [params, setParams] = useSearchParams();
  const player = params.get('player');
  const ip = params.get('ip');
  const filter: SessionFilter = player
    ? { kind: 'player', value: player }
    : ip
      ? { kind: 'ip', value: ip }
      : params.get('view') === 'suspicious'
        ? { kind: 'suspicious' }
        : { kind: 'all' };
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: false },
    );

  return {
    tab: (params.get('tab') === 'review' ? 'review' : 'sessions') as TrackingTab,
    filter,
    page,
    sessionId: params.get('session'),
    setTab: (tab: TrackingTab) => update({ tab: tab === 'sessions' ? null : tab }),
    /** A new filter starts at its first page. */
    setFilter: (next: SessionFilter) =>
      update({
        view: next.kind === 'suspicious' ? 'suspicious' : null,
        player: next.kind === 'player' ? next.value : null,
        ip: next.kind === 'ip' ? next.value : null,
        page: null,
      }),
    setPage: (next: number) => update({ page: next === 1 ? null : String(next) }),
    openSession: (id: string | null) => update({ session: id, tab: null }),
  };
}
