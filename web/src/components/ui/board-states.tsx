// The loading, error and empty states of the leaderboards' views (their texts are listed in
// docs/product.md 'Leaderboards'), also used by the updates and the admin's lists.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Ball, BALL_COLORS } from '@/components/ui/ball';
import { Button } from '@/components/ui/button';
import './board-states.css';

/** A spinner with what is loading, e.g. 'Loading weekly scores...'. */
export function BoardLoading({ label }: { label: string }) {
  return (
    <div className="board-state board-state--loading" role="status" data-testid="board-loading">
      <span className="board-state__spinner" aria-hidden="true" />
      <p className="board-state__text">{label}</p>
    </div>
  );
}

/**
 * A load error: its title (e.g. 'Error loading weekly scores') and its 'There was a problem
 * loading...' description, with a way to ask again.
 */
export function BoardError({
  title,
  what,
  onRetry,
  retryLabel = 'Try again',
}: {
  title: string;
  /** Completes 'There was a problem loading ...', e.g. 'this week's scores'; none: no line. */
  what?: string;
  onRetry?: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="board-state board-state--error" role="alert">
      <span className="board-state__icon" aria-hidden="true">
        !
      </span>
      <p className="board-state__title">{title}</p>
      {what && (
        <p className="board-state__text">
          There was a problem loading {what}. Please try again in a moment.
        </p>
      )}
      {onRetry && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}

/** An empty board: its text, a row of balls, and an optional call to play. */
export function BoardEmpty({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="board-state board-state--empty">
      <span className="board-state__balls" aria-hidden="true">
        {BALL_COLORS.slice(0, 3).map((color) => (
          <Ball key={color} color={color} size={20} />
        ))}
      </span>
      <p className="board-state__title">{children}</p>
      {action}
    </div>
  );
}

/**
 * A read's loading and error boards ('Loading weekly scores...', 'Error loading weekly scores'
 * with a retry); `children` draws its data once there.
 */
export function QueryBoard<T>({
  query,
  loading,
  errorTitle,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  errorTitle: string;
  /** Completes 'There was a problem loading ...'. */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <BoardLoading label={loading} />;
  if (query.isError) {
    return <BoardError title={errorTitle} what={what} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
