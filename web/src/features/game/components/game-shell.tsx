import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { boardSize, cellSizeFor, estimatedCellSize } from '@/game/geometry';
import { armGameAudio } from '../audio';
import { HowToPlayOverlay } from './board-overlays';
import { GameControls } from './game-controls';
import { StatsBar } from './stats-bar';
import './game.css';
import './game-board.css';

/**
 * The game panel as it looks before a game, drawn while the game's own code loads (right after
 * the first paint): same size, same stats bar, 'How to Play' and 'PLAY NOW!'.
 */
export function GameShell({ onPlay, busy }: { onPlay: () => void; busy?: boolean }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const [cell, setCell] = useState(estimatedCellSize);

  useLayoutEffect(() => {
    armGameAudio();
    const frame = frameRef.current;
    if (!frame) return;
    const measure = () => setCell(cellSizeFor(frame.clientWidth));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const size = boardSize(cell);
  return (
    <section
      className="game-panel"
      aria-label="Game"
      style={{ '--board-width': `${size.width}px` } as CSSProperties}
    >
      <StatsBar stats={null} />
      <div
        ref={frameRef}
        className="game-board-frame"
        data-testid="game-board"
        data-phase="loading"
        data-busy="true"
      >
        <div className="game-board" style={{ width: size.width, height: size.height }}>
          <HowToPlayOverlay onPlay={onPlay} busy={busy} />
        </div>
      </div>
      <GameControls canEnd={false} onEnd={() => undefined} />
    </section>
  );
}
