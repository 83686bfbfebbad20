import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Returns a function that navigates to `to` and resolves once the new page has been rendered
 * (lazy pages load first, and the router renders them in a transition, so the navigation
 * promise alone settles too early).
 */
export function useNavigateAndArrive(to: string): () => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const arrived = useRef<(() => void) | null>(null);

  // Effects run after the commit that shows the new location.
  useEffect(() => {
    arrived.current?.();
    arrived.current = null;
  }, [location.key]);

  // Never leave a caller waiting on a component that is gone.
  useEffect(
    () => () => {
      arrived.current?.();
      arrived.current = null;
    },
    [],
  );

  return useCallback(
    () =>
      new Promise<void>((resolve) => {
        arrived.current = resolve;
        void navigate(to);
      }),
    [navigate, to],
  );
}
