import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { BoardError, BoardLoading } from '@/components/ui/board-states';
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

  let body;
  if (query.isPending) body = <BoardLoading label="Loading update..." />;
  else if (query.isError) {
    body = (
      <BoardError
        title="Error loading this update"
        what="this update"
        onRetry={() => void query.refetch()}
      />
    );
  } else body = <UpdateArticle update={query.data} />;

  return (
    <div className="page page--narrow">
      <BackLink to={paths.updates} label="All updates" />
      {body}
    </div>
  );
}
