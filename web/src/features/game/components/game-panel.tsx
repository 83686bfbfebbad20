import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { requestPlay } from '../lib/play-request';
import type { Game as GameComponent } from './game';
import { GameShell } from './game-shell';

type GameType = typeof GameComponent;
let loaded: GameType | null = null;
const loadGame = () =>
  import('./game').then((m) => {
    loaded = m.Game;
    return m.Game;
  });

/**
 * The game for a page: its code (engine, canvas, dialogs) is its own chunk, fetched right
 * after the page's first paint and mounted in a low-priority update (so it never blocks the
 * page); until then the shell stands in, and a 'PLAY NOW!' pressed on it starts the game as
 * soon as the code is there.
 */
export function GamePanel({ autoStart = false }: { autoStart?: boolean }) {
  const [Game, setGame] = useState<ComponentType<{ autoStart?: boolean }> | null>(() => loaded);
  const [pressed, setPressed] = useState(false);

  useEffect(() => {
    if (Game) return;
    let cancelled = false;
    loadGame().then(
      (component) => {
        if (!cancelled) startTransition(() => setGame(() => component));
      },
      (error: unknown) => {
        // A failed chunk load (e.g. a new release replaced it) is a page-level error.
        if (!cancelled) {
          setGame(() => () => {
            throw error;
          });
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [Game]);

  if (Game) return <Game autoStart={autoStart} />;
  return (
    <GameShell
      busy={pressed}
      onPlay={() => {
        requestPlay();
        setPressed(true);
      }}
    />
  );
}
