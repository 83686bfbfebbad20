// The game's sound (docs/product.md 'Cookies and audio'): nothing is loaded until the first click,
// touch or key press on the page; then Tone.js is fetched and started. A failed start is retried up
// to 3 attempts in all, 1 s apart, after which audio is disabled. Failures are only logged. Mute is
// a toggle remembered on this device; unmuting restores -12 dB.
import {
  AUDIO_DISABLED_MESSAGE,
  AUDIO_SETTINGS,
  MUSIC_PHRASE,
  SOUNDS,
  type SoundName,
} from './sounds';
import { loadToneKit, type SoundKit } from './sound-kit';

export const MUTED_STORAGE_KEY = 'ballmatch_muted';

export type AudioStatus = 'idle' | 'loading' | 'ready' | 'disabled';

export interface GameAudioOptions {
  load?: () => Promise<SoundKit>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export class GameAudio {
  private kit: SoundKit | null = null;
  private _status: AudioStatus = 'idle';
  private _attempts = 0;
  private _muted: boolean;
  private first: Promise<boolean> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private musicTimer: ReturnType<typeof setTimeout> | null = null;
  private musicWanted = false;
  private readonly load: () => Promise<SoundKit>;
  private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  private readonly listeners = new Set<() => void>();

  constructor(options: GameAudioOptions = {}) {
    this.load = options.load ?? loadToneKit;
    this.storage = options.storage === undefined ? defaultStorage() : options.storage;
    this._muted = this.storage?.getItem(MUTED_STORAGE_KEY) === 'true';
  }

  get status(): AudioStatus {
    return this._status;
  }

  get attempts(): number {
    return this._attempts;
  }

  get muted(): boolean {
    return this._muted;
  }

  /** Starts the audio (once); resolves with whether the first attempt worked. */
  init(): Promise<boolean> {
    if (!this.first) this.first = this.attempt();
    return this.first;
  }

  private async attempt(): Promise<boolean> {
    this._attempts += 1;
    this.setStatus('loading');
    try {
      const kit = await this.load();
      kit.setVolume(AUDIO_SETTINGS.volumeDb);
      kit.setMuted(this._muted);
      this.kit = kit;
      this.setStatus('ready');
      if (this.musicWanted) this.startMusic();
      return true;
    } catch (error) {
      console.warn(
        `[audio] initialisation failed (attempt ${this._attempts} of ${AUDIO_SETTINGS.maxInitAttempts}):`,
        error instanceof Error ? error.message : error,
      );
      if (this._attempts >= AUDIO_SETTINGS.maxInitAttempts) {
        this.setStatus('disabled');
        console.warn(AUDIO_DISABLED_MESSAGE);
        return false;
      }
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        void this.attempt();
      }, AUDIO_SETTINGS.initRetryDelayMs);
      return false;
    }
  }

  /** Plays a sound effect; `count` limits the match notes (up to 3). */
  play(name: SoundName, count?: number): void {
    if (!this.kit || this._status !== 'ready' || this._muted) return;
    const sound = SOUNDS[name];
    const notes = count === undefined ? sound.notes : sound.notes.slice(0, Math.max(1, count));
    try {
      this.kit.playNotes(
        notes,
        sound.spacing,
        sound.duration,
        'velocity' in sound ? sound.velocity : undefined,
      );
    } catch (error) {
      console.warn(
        `[audio] the ${name} sound failed:`,
        error instanceof Error ? error.message : error,
      );
    }
  }

  /** Loops the background phrase while a game runs; a failure is retried after 5 s. */
  startMusic(): void {
    this.musicWanted = true;
    if (this.musicTimer) clearTimeout(this.musicTimer);
    this.musicTimer = null;
    if (!this.kit || this._status !== 'ready') return;
    try {
      this.kit.startMusic(MUSIC_PHRASE, AUDIO_SETTINGS.musicOffsetDb);
    } catch (error) {
      console.warn(
        '[audio] background music failed:',
        error instanceof Error ? error.message : error,
      );
      this.musicTimer = setTimeout(() => {
        this.musicTimer = null;
        if (this.musicWanted) this.startMusic();
      }, AUDIO_SETTINGS.musicRetryDelayMs);
    }
  }

  stopMusic(): void {
    this.musicWanted = false;
    if (this.musicTimer) clearTimeout(this.musicTimer);
    this.musicTimer = null;
    try {
      this.kit?.stopMusic();
    } catch (error) {
      console.warn(
        '[audio] stopping the music failed:',
        error instanceof Error ? error.message : error,
      );
    }
  }

  setMuted(muted: boolean): void {
    this._muted = muted;
    try {
      this.storage?.setItem(MUTED_STORAGE_KEY, String(muted));
    } catch {
      // Private mode without storage: the choice lasts for this visit.
    }
    try {
      this.kit?.setMuted(muted);
      if (!muted) this.kit?.setVolume(AUDIO_SETTINGS.volumeDb);
    } catch (error) {
      console.warn('[audio] mute failed:', error instanceof Error ? error.message : error);
    }
    this.emit();
  }

  toggleMute(): void {
    this.setMuted(!this._muted);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setStatus(status: AudioStatus): void {
    this._status = status;
    this.emit();
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }

  dispose(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopMusic();
  }
}

/**
 * Starts the audio at the first click or touch anywhere on the page (and the first key press,
 * so keyboard players hear the game too). Returns a function that stops listening.
 */
export function initAudioOnFirstGesture(audio: GameAudio, target: Document = document): () => void {
  const events = ['pointerdown', 'touchstart', 'keydown'] as const;
  const stop = () => events.forEach((e) => target.removeEventListener(e, onGesture, true));
  function onGesture() {
    stop();
    void audio.init();
  }
  events.forEach((e) => target.addEventListener(e, onGesture, { capture: true, passive: true }));
  return stop;
}
