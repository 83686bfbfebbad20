import { startTransition, useEffect, useState } from 'react';

/**
 * False for the first render, then true in a low-priority update once the page has painted:
 * what it guards renders in small slices instead of one long task at start-up.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    return () => clearTimeout(timer);
  }, []);
  return ready;
}
