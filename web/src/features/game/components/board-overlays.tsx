import { COLOR_HEX, type Color } from '@ballmatch/engine';
import type { ReactNode } from 'react';
import { Ball } from '@/components/ui/ball';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import type { Celebration } from '../model/game-flow';
import { REWARD_NOTE } from '../lib/texts';
import './board-overlays.css';

const numberFormat = new Intl.NumberFormat('en-US');

function Overlay({
  children,
  className,
  label,
  testId,
}: {
  children: ReactNode;
  className?: string;
  label: string;
  testId?: string;
}) {
  return (
    <section className={cn('board-overlay', className)} aria-label={label} data-testid={testId}>
      <div className="board-overlay__panel">{children}</div>
    </section>
  );
}

/** The four points of 'How to Play', over the sample board, with 'PLAY NOW!'. */
export const HOW_TO_PLAY = [
  { color: 'orange', text: 'Match 3 or more balls of the same colour' },
  { color: 'blue', text: 'Swap adjacent balls to make a match' },
  { color: 'green', text: 'Match the target colour to beat levels' },
  { color: 'purple', text: 'Bigger matches give more points' },
] as const;

export function HowToPlayOverlay({ onPlay, busy }: { onPlay: () => void; busy?: boolean }) {
  return (
    <Overlay label="How to Play" className="board-overlay--intro" testId="how-to-play">
      <h2 className="board-overlay__title">How to Play</h2>
      <ul className="how-to-play">
        {HOW_TO_PLAY.map((item) => (
          <li key={item.text}>
            <Ball color={item.color} size={22} />
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
      <Button size="lg" block onClick={onPlay} disabled={busy} className="play-now">
        PLAY NOW!
      </Button>
    </Overlay>
  );
}

export function StartingOverlay() {
  return (
    <Overlay label="Starting game">
      <Spinner label="Starting game" />
      <p className="board-overlay__text">Shuffling the balls...</p>
    </Overlay>
  );
}

/** No move left on the board: 'Reset Grid' deals a fresh one. */
export function NoMovesOverlay({ onReset }: { onReset: () => void }) {
  return (
    <Overlay label="No more possible moves" testId="no-moves">
      <h2 className="board-overlay__title">No more possible moves!</h2>
      <p className="board-overlay__text">Shuffle in a fresh set of balls. It costs no move.</p>
      <Button size="lg" block onClick={onReset}>
        Reset Grid
      </Button>
    </Overlay>
  );
}

export function AwaitingRewardOverlay({ onEnd }: { onEnd: () => void }) {
  return (
    <Overlay label="Waiting for your extra moves" testId="awaiting-reward">
      <Spinner label="Waiting for your extra moves" size={32} />
      <h2 className="board-overlay__title">Your extra moves are on the way</h2>
      <p className="board-overlay__text">
        Come back to this tab when the ad is done. {REWARD_NOTE}
      </p>
      <Button variant="ghost" block onClick={onEnd}>
        End Game
      </Button>
    </Overlay>
  );
}

export function GameOverOverlay({
  score,
  level,
  onPlayAgain,
  onSubmit,
}: {
  score: number;
  level: number;
  onPlayAgain: () => void;
  /** Reopens the submit dialog when the player skipped it. */
  onSubmit?: () => void;
}) {
  return (
    <Overlay label="Game over" className="board-overlay--over" testId="game-over">
      <h2 className="board-overlay__title">Game Over</h2>
      <p className="board-overlay__score">{numberFormat.format(score)}</p>
      <p className="board-overlay__text">Level {level}</p>
      <div className="board-overlay__actions">
        <Button size="lg" block onClick={onPlayAgain}>
          Play Again
        </Button>
        {onSubmit && (
          <Button variant="secondary" block onClick={onSubmit}>
            Submit Score
          </Button>
        )}
      </div>
    </Overlay>
  );
}

/**
 * 'Reconnecting…' over the board's top edge while a move waits for the game's cut socket
 * (docs/product.md 'Game flow'). The live region is always there, so its words are heard when
 * they appear.
 */
export function ConnectionStatus({ reconnecting }: { reconnecting: boolean }) {
  return (
    <p className="board-connection" role="status" aria-live="polite">
      {reconnecting ? 'Reconnecting…' : ''}
    </p>
  );
}

/** Level complete (with its bonus), then the new level's target: shown over play. */
export function CelebrationBanner({ celebration }: { celebration: Celebration | null }) {
  if (!celebration) return null;
  if (celebration.kind === 'levelComplete') {
    return (
      <div className="celebration" key={`done-${celebration.level}`}>
        <strong>Level {celebration.level} complete!</strong>
        {celebration.bonus > 0 && <span>+{numberFormat.format(celebration.bonus)} bonus</span>}
      </div>
    );
  }
  const color = celebration.targetColor as Color;
  return (
    <div className="celebration celebration--start" key={`start-${celebration.level}`}>
      <strong>Level {celebration.level}</strong>
      <span>
        Collect {celebration.targetMatches}{' '}
        <i className="celebration__swatch" style={{ background: COLOR_HEX[color] }} /> {color}
      </span>
    </div>
  );
}
