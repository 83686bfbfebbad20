import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CenteredSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** A read's loading and failure states; its data once there. */
export function QueryStates<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  /** What is being read, for the spinner and the failure ('the ads'). */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <CenteredSpinner label={`Loading ${what}`} fullScreen={false} />;
  if (query.isError)
    return (
      <Alert className="query-failed">
        Could not load {what}: {errorMessage(query.error, query.error.message)}{' '}
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  return <>{children(query.data)}</>;
}
