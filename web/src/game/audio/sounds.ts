// Volumes, retry rules and the exact notes of every sound (docs/product.md 'Cookies and audio').

export const AUDIO_SETTINGS = {
  /** Master volume; unmuting restores it. */
  volumeDb: -12,
  /** The background music plays this much below the sound effects. */
  musicOffsetDb: -6,
  maxInitAttempts: 3,
  initRetryDelayMs: 1000,
  musicRetryDelayMs: 5000,
} as const;

export const SOUNDS = {
  /** Up to 3 notes, 0.1 s apart. */
  match: { notes: ['C4', 'E4', 'G4'], spacing: 0.1, duration: '16n' },
  swap: { notes: ['G4'], spacing: 0, duration: '32n' },
  invalid: { notes: ['A3'], spacing: 0, duration: '16n', velocity: 0.3 },
  levelUp: { notes: ['C4', 'E4', 'G4', 'C5'], spacing: 0.15, duration: '8n' },
  gameOver: { notes: ['C5', 'G4', 'E4', 'C4'], spacing: 0.2, duration: '8n' },
} as const;

/** The looping background phrase. */
export const MUSIC_PHRASE = ['C4', 'E4', 'G4', 'E4'] as const;

export type SoundName = keyof typeof SOUNDS;

export const AUDIO_DISABLED_MESSAGE =
  'Maximum audio initialization attempts reached. Audio will be disabled.';
