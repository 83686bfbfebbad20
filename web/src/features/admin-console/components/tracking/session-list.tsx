import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { QueryStates } from '@/components/stats/query-states';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { formatCount, formatDateTime } from '@/utils/format';
import { sessionsQueryOptions, type SessionFilter } from '../../api/tracking';
import { SessionState } from './session-state';
import '@/components/stats/stats.css';

const EMPTY: Record<SessionFilter['kind'], string> = {
  all: 'No game session yet.',
  suspicious: 'No suspicious session. Sessions the server or an admin flags show here.',
  player: 'No session under that player name.',
  ip: 'No session from that address.',
};

/**
 * A page of sessions, newest first. On a phone the table keeps the player and the state; the
 * time, address and score fold under the player's name.
 */
export function SessionList({
  filter,
  page,
  selected,
  onPage,
  onOpen,
}: {
  filter: SessionFilter;
  page: number;
  selected: string | null;
  onPage: (page: number) => void;
  onOpen: (id: string) => void;
}) {
  const sessions = useQuery({
    ...sessionsQueryOptions(filter, page),
    placeholderData: keepPreviousData,
  });
  return (
    <QueryStates query={sessions} what="the sessions">
      {({ data, pagination }) =>
        data.length === 0 ? (
          <p className="admin-console__empty">
            {page > 1 ? 'No sessions on this page.' : EMPTY[filter.kind]}
          </p>
        ) : (
          <>
            <p className="tracking-count">
              {formatCount(pagination.total)} {pagination.total === 1 ? 'session' : 'sessions'}
            </p>
            <div className="stats-table-wrap">
              <table className="stats-table tracking-table">
                <caption className="visually-hidden">Sessions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <th scope="col" className="tracking-table__secondary">
                      Started
                    </th>
                    <th scope="col" className="tracking-table__secondary">
                      IP address
                    </th>
                    <th scope="col" className="stats-table__num tracking-table__secondary">
                      Score
                    </th>
                    <th scope="col">State</th>
                    <th scope="col">
                      <span className="visually-hidden">Detail</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((s) => (
                    <tr key={s.id} aria-current={s.id === selected ? 'true' : undefined}>
                      <th scope="row" className="tracking-table__player">
                        <span className="tracking-table__name">{s.playerName}</span>
                        <span className="tracking-table__folded">
                          <span>{formatDateTime(s.createdAt)}</span>
                          <span>{s.ip}</span>
                          <span>{formatCount(s.totalScore)} points</span>
                        </span>
                      </th>
                      <td className="tracking-table__secondary">{formatDateTime(s.createdAt)}</td>
                      <td className="tracking-table__secondary">{s.ip}</td>
                      <td className="stats-table__num tracking-table__secondary">
                        {formatCount(s.totalScore)}
                      </td>
                      <td>
                        <SessionState session={s} />
                      </td>
                      <td>
                        <Button size="sm" variant="secondary" onClick={() => onOpen(s.id)}>
                          Open<span className="visually-hidden"> {s.playerName}'s session</span>
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              pagination={pagination}
              page={page}
              onChange={onPage}
              label="Session pages"
              disabled={sessions.isPlaceholderData}
            />
          </>
        )
      }
    </QueryStates>
  );
}
