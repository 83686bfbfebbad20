import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Face } from '@/game/faces';
import { GameFlow, type FlowServices, type GameSnapshot } from '../model/game-flow';
import { createFlowServices } from '../model/services';

/**
 * One GameFlow for the component's life, its snapshot, and the visibility listener that credits a
 * watched ad when the tab comes back (docs/product.md 'Game flow').
 */
export function useGameFlow(
  icons: readonly Face[],
  makeServices: (getIcons: () => readonly Face[]) => FlowServices = createFlowServices,
): { flow: GameFlow; snapshot: GameSnapshot } {
  const iconsRef = useRef(icons);
  iconsRef.current = icons;
  const [flow] = useState(() => new GameFlow(makeServices(() => iconsRef.current)));
  const snapshot = useSyncExternalStore(flow.subscribe, flow.getSnapshot, flow.getSnapshot);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') flow.onTabVisible();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [flow]);

  useEffect(() => () => flow.dispose(), [flow]);
  return { flow, snapshot };
}
