/** What the game needs from a sound library (Tone.js in the browser, a fake in tests). */
export interface SoundKit {
  /** Master volume in dB. */
  setVolume(db: number): void;
  setMuted(muted: boolean): void;
  /** Plays notes one after another, `spacing` seconds apart. */
  playNotes(notes: readonly string[], spacing: number, duration: string, velocity?: number): void;
  /** Loops the phrase, `offsetDb` relative to the sound effects. */
  startMusic(phrase: readonly string[], offsetDb: number): void;
  stopMusic(): void;
}

/** Loads Tone.js (its own chunk, fetched only now) and starts its audio context. */
export async function loadToneKit(): Promise<SoundKit> {
  // Tone.js greets the console on load; the game keeps the console for real problems.
  (window as unknown as { TONE_SILENCE_LOGGING?: boolean }).TONE_SILENCE_LOGGING = true;
  const { createToneKit } = await import('./tone-kit');
  return createToneKit();
}
