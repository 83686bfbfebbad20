// Game settings kept on this device: colour-blind symbols (off by default) and the idle hint
// (on by default). Sound is the audio module's own toggle.
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '@/lib/storage';

export interface GameSettings {
  symbols: boolean;
  hints: boolean;
}

const KEYS: Record<keyof GameSettings, string> = {
  symbols: 'ballmatch_colorblind_symbols',
  hints: 'ballmatch_hints',
};
const DEFAULTS: GameSettings = { symbols: false, hints: true };

function read(): GameSettings {
  const value = (key: keyof GameSettings) => {
    const stored = readStorage(KEYS[key]);
    return stored === null ? DEFAULTS[key] : stored === 'true';
  };
  return { symbols: value('symbols'), hints: value('hints') };
}

let current: GameSettings | null = null;
const listeners = new Set<() => void>();

export function getGameSettings(): GameSettings {
  current ??= read();
  return current;
}

export function setGameSetting(key: keyof GameSettings, value: boolean): void {
  current = { ...getGameSettings(), [key]: value };
  writeStorage(KEYS[key], String(value));
  for (const listener of listeners) listener();
}

/** Test helper: forget the cached settings (they are read from storage again). */
export function resetGameSettings(): void {
  current = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useGameSettings(): GameSettings {
  return useSyncExternalStore(subscribe, getGameSettings, getGameSettings);
}
