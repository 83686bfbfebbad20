import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { QueryBoard } from '@/components/ui/board-states';
import { paths } from '@/config/paths';
import { BackLink } from '@/components/page/back-link';
import { updateQueryOptions } from '@/features/updates/api/get-updates';
import { UpdateArticle } from '@/features/updates/components/update-article';
import { markUpdatesRead } from '@/features/updates/lib/read-updates';
import { ApiError } from '@/lib/api-client';
import NotFoundRoute from './not-found';

/** /updates/{id}: one published update; the 404 screen for an unknown or unpublished one. */
export default function UpdateRoute() {
  const { id = '' } = useParams();
  const query = useQuery(updateQueryOptions(id));

  useEffect(() => {
    if (query.data) markUpdatesRead([query.data.id]);
  }, [query.data]);

  if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundRoute />;

  return (
    <div className="page page--narrow">
      <BackLink to={paths.updates} label="All updates" />
      <QueryBoard
        query={query}
        loading="Loading update..."
        errorTitle="Error loading this update"
        what="this update"
      >
        {(update) => <UpdateArticle update={update} />}
      </QueryBoard>
    </div>
  );
}
