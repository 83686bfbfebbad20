import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** One line per read that failed, each with its own retry; the others' figures still show. */
export function SourceProblems({
  sources,
}: {
  sources: Array<{ what: string; query: UseQueryResult<unknown> }>;
}) {
  const failed = sources.filter((s) => s.query.isError);
  if (failed.length === 0) return null;
  return (
    <div className="admin-console__problems">
      {failed.map(({ what, query }) => (
        <Alert key={what}>
          Could not load {what}: {errorMessage(query.error, query.error?.message ?? '')}{' '}
          <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ))}
    </div>
  );
}
