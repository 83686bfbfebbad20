import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BoardEmpty, QueryBoard } from '@/components/ui/board-states';
import { ButtonLink } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { Paged, Update } from '@/types/api';
import { UPDATES_PER_PAGE, updatesQueryOptions } from '../api/get-updates';
import { markUpdatesRead } from '../lib/read-updates';
import { UpdateCard } from './update-card';
import './updates.css';

/**
 * One page of the published updates, newest first, with Previous/Next. The updates shown are
 * marked read on this device, which clears the header's 'NEW' badge when they were the newest.
 */
export function UpdatesList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const query = useQuery({
    ...updatesQueryOptions({ page, limit: UPDATES_PER_PAGE }),
    placeholderData: keepPreviousData,
  });
  const shown = query.isPlaceholderData ? undefined : query.data?.data;

  useEffect(() => {
    if (shown) markUpdatesRead(shown.map((update) => update.id));
  }, [shown]);

  return (
    <QueryBoard
      query={query}
      loading="Loading updates..."
      errorTitle="Error loading updates"
      what="the updates"
    >
      {(answer) => (
        <UpdatesPage {...answer} page={page} onPage={onPage} paging={query.isPlaceholderData} />
      )}
    </QueryBoard>
  );
}

function UpdatesPage({
  data,
  pagination,
  page,
  onPage,
  paging,
}: Paged<Update> & { page: number; onPage: (page: number) => void; paging: boolean }) {
  if (pagination.total === 0) return <BoardEmpty>No updates available at this time.</BoardEmpty>;
  if (data.length === 0) {
    return (
      <BoardEmpty
        action={
          <ButtonLink to={paths.updates} size="sm" variant="secondary">
            Newest updates
          </ButtonLink>
        }
      >
        There is no page {page}: the updates end at page {pagination.totalPages}.
      </BoardEmpty>
    );
  }

  return (
    <>
      <div className="updates-list">
        {data.map((update) => (
          <UpdateCard key={update.id} update={update} />
        ))}
      </div>
      <Pagination
        label="Updates pages"
        pagination={pagination}
        onChange={onPage}
        disabled={paging}
      />
    </>
  );
}
