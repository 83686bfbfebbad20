import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/errors/error-fallback';
import { recordError } from '@/lib/error-log';

/** Router error boundary: logs what broke and offers a fresh start. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    recordError(`Route error: ${error instanceof Error ? error.message : String(error)}`);
  }, [error]);
  return <ErrorFallback />;
}
