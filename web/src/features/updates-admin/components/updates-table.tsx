import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { QueryBoard } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Paged } from '@/types/api';
import { adminUpdatesQueryOptions } from '../api/get-admin-updates';
import type { AdminUpdate, UpdateStatus } from '../api/types';
import { formatDateTime, STATUS_LABELS, statusLine } from '../lib/status';
import { StatusBadge } from './status-badge';
import { UpdateRowActions } from './update-row-actions';
import './updates-table.css';

const FILTERS: ReadonlyArray<{ status: UpdateStatus | null; label: string; empty: string }> = [
  { status: null, label: 'All', empty: 'No updates yet: write the first one.' },
  { status: 'draft', label: 'Drafts', empty: 'No drafts.' },
  { status: 'scheduled', label: STATUS_LABELS.scheduled, empty: 'Nothing is scheduled.' },
  { status: 'published', label: STATUS_LABELS.published, empty: 'Nothing is published yet.' },
];

/** Every update, drafts first, then by publish date (newest first); filtered by status. */
export function UpdatesTable() {
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...adminUpdatesQueryOptions({ page, status }),
    placeholderData: keepPreviousData,
  });
  const lastPage = query.data?.pagination.totalPages ?? 1;

  // Deleting the last update of the last page leaves that page empty: show the one before.
  useEffect(() => {
    if (page > Math.max(lastPage, 1)) setPage(Math.max(lastPage, 1));
  }, [page, lastPage]);

  return (
    <section className="updates-table" aria-label="Updates">
      <div className="updates-table__top">
        <div className="updates-table__filters" role="group" aria-label="Show">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              className={cn('update-filter', filter.status === status && 'update-filter--on')}
              aria-pressed={filter.status === status}
              onClick={() => {
                setStatus(filter.status);
                setPage(1);
              }}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <ButtonLink to={`${paths.adminUpdates}?new`}>Write an update</ButtonLink>
      </div>
      <QueryBoard
        query={query}
        loading="Loading updates..."
        errorTitle="Error loading updates"
        what="the updates"
      >
        {(page) => (
          <UpdateRows
            {...page}
            empty={FILTERS.find((filter) => filter.status === status)!.empty}
            onPage={setPage}
            paging={query.isPlaceholderData}
          />
        )}
      </QueryBoard>
    </section>
  );
}

function UpdateRows({
  data,
  pagination,
  empty,
  onPage,
  paging,
}: Paged<AdminUpdate> & {
  empty: string;
  onPage: (page: number) => void;
  /** The next page is on its way. */
  paging: boolean;
}) {
  if (pagination.total === 0) return <p className="empty-note">{empty}</p>;
  return (
    <>
      <ul className="updates-table__list">
        {data.map((update) => (
          <li key={update.id} className="update-row">
            <div className="update-row__main">
              <Link
                to={`${paths.adminUpdates}?edit=${encodeURIComponent(update.id)}`}
                className="update-row__title"
              >
                {update.title}
              </Link>
              <p className="update-row__preview">{update.preview}</p>
            </div>
            <div className="update-row__state">
              <StatusBadge status={update.status} />
              <span>{statusLine(update)}</span>
              <span className="update-row__edited">Edited {formatDateTime(update.updatedAt)}</span>
            </div>
            <UpdateRowActions update={update} />
          </li>
        ))}
      </ul>
      <Pagination
        label="Update list pages"
        pagination={pagination}
        onChange={onPage}
        disabled={paging}
      />
    </>
  );
}
