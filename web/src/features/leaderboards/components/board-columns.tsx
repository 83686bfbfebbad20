import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import './leaderboard-tabs.css';

/** A board's table with the player's own rank beside it (wide screens) or above it. */
export function BoardColumns({ rank, children }: { rank: ReactNode; children: ReactNode }) {
  return (
    <div className={cn('board-columns', !!rank && 'board-columns--with-rank')}>
      {rank}
      <div className="board-columns__main">{children}</div>
    </div>
  );
}
