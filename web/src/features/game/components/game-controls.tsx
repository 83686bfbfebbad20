import { useState, useSyncExternalStore } from 'react';
import { cn } from '@/components/ui/cn';
import { LineIcon } from '@/components/ui/line-icon';
import { gameAudio } from '../audio';
import { setGameSetting, useGameSettings } from '../lib/settings';
import './game-controls.css';

function Toggle({
  pressed,
  onClick,
  label,
  icon,
}: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  icon: React.ReactNode;
}) {
  return (
    <button
      type="button"
      className={cn('game-toggle', pressed && 'game-toggle--on')}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {icon}
      <span>{label}</span>
    </button>
  );
}

const subscribeAudio = (listener: () => void) => gameAudio.subscribe(listener);
const audioMuted = () => gameAudio.muted;

/** Sound, colour-blind symbols, hints, and ending the game (asks twice). */
export function GameControls({ canEnd, onEnd }: { canEnd: boolean; onEnd: () => void }) {
  const muted = useSyncExternalStore(subscribeAudio, audioMuted, audioMuted);
  const settings = useGameSettings();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="game-controls" role="group" aria-label="Game settings">
      <Toggle
        pressed={!muted}
        onClick={() => gameAudio.toggleMute()}
        label="Sound"
        icon={<SoundIcon muted={muted} />}
      />
      <Toggle
        pressed={settings.symbols}
        onClick={() => setGameSetting('symbols', !settings.symbols)}
        label="Symbols"
        icon={<SymbolsIcon />}
      />
      <Toggle
        pressed={settings.hints}
        onClick={() => setGameSetting('hints', !settings.hints)}
        label="Hints"
        icon={<HintIcon />}
      />
      <button
        type="button"
        className={cn('game-toggle game-toggle--end', confirming && 'game-toggle--confirm')}
        disabled={!canEnd}
        onClick={() => {
          if (confirming) {
            setConfirming(false);
            onEnd();
          } else {
            setConfirming(true);
            setTimeout(() => setConfirming(false), 3000);
          }
        }}
      >
        <EndIcon />
        <span>{confirming ? 'Confirm end' : 'End Game'}</span>
      </button>
    </div>
  );
}

function EndIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <rect x="6" y="6" width="12" height="12" rx="2.5" fill="currentColor" />
    </svg>
  );
}

function SoundIcon({ muted }: { muted: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M4 9h4l5-4v14l-5-4H4z" fill="currentColor" />
      {muted ? (
        <path d="M16 9l5 6M21 9l-5 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path
          d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

function SymbolsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path d="M6 3l4 7H2z" fill="currentColor" />
      <rect x="14" y="3" width="7" height="7" fill="currentColor" />
      <circle cx="6" cy="17.5" r="3.5" fill="currentColor" />
      <path d="M17.5 13l4 4.5-4 4.5-4-4.5z" fill="currentColor" />
    </svg>
  );
}

function HintIcon() {
  return (
    <LineIcon
      size={18}
      cap={false}
      d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z"
    />
  );
}
