import { GameAudio, MUTED_STORAGE_KEY, initAudioOnFirstGesture } from '@/game/audio/game-audio';
import type { SoundKit } from '@/game/audio/sound-kit';
import { AUDIO_DISABLED_MESSAGE, MUSIC_PHRASE } from '@/game/audio/sounds';

function fakeKit() {
  const played: Array<{ notes: readonly string[]; spacing: number; velocity?: number }> = [];
  const kit: SoundKit & { played: typeof played; volume: number | null; muted: boolean | null } = {
    played,
    volume: null,
    muted: null,
    setVolume(db) {
      kit.volume = db;
    },
    setMuted(m) {
      kit.muted = m;
    },
    playNotes(notes, spacing, _duration, velocity) {
      played.push({ notes, spacing, velocity });
    },
    startMusic: jest.fn(),
    stopMusic: jest.fn(),
  };
  return kit;
}

const flush = () => Promise.resolve().then(() => Promise.resolve());

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});

describe('audio start-up', () => {
  it('loads nothing until the first click, touch or key press', async () => {
    const load = jest.fn(async () => fakeKit());
    const audio = new GameAudio({ load });
    initAudioOnFirstGesture(audio);
    expect(load).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('pointerdown'));
    document.dispatchEvent(new Event('pointerdown'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(audio.status).toBe('ready');
  });

  it('retries a failed start 1 s apart and succeeds on the third attempt', async () => {
    const kit = fakeKit();
    const load = jest
      .fn()
      .mockRejectedValueOnce(new Error('AudioContext blocked'))
      .mockRejectedValueOnce(new Error('AudioContext blocked'))
      .mockResolvedValue(kit);
    const audio = new GameAudio({ load });
    expect(await audio.init()).toBe(false);
    expect(audio.attempts).toBe(1);
    jest.advanceTimersByTime(999);
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    jest.advanceTimersByTime(1000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    expect(audio.status).toBe('ready');
    expect(kit.volume).toBe(-12);
  });

  it('gives up after 3 failed attempts and disables audio, saying so in the log', async () => {
    const load = jest.fn().mockRejectedValue(new Error('no audio device'));
    const audio = new GameAudio({ load });
    await audio.init();
    jest.advanceTimersByTime(1000);
    await flush();
    jest.advanceTimersByTime(1000);
    await flush();
    jest.advanceTimersByTime(10_000);
    await flush();
    expect(load).toHaveBeenCalledTimes(3);
    expect(audio.status).toBe('disabled');
    expect(console.warn).toHaveBeenCalledWith(AUDIO_DISABLED_MESSAGE);
    expect(AUDIO_DISABLED_MESSAGE).toBe(
      'Maximum audio initialization attempts reached. Audio will be disabled.',
    );
    audio.play('swap'); // silently nothing
  });
});

describe('sounds, music and mute', () => {
  async function ready() {
    const kit = fakeKit();
    const audio = new GameAudio({ load: async () => kit });
    await audio.init();
    return { audio, kit };
  }

  it('plays the notes of each sound', async () => {
    const { audio, kit } = await ready();
    audio.play('match', 2);
    audio.play('match', 9);
    audio.play('swap');
    audio.play('invalid');
    audio.play('levelUp');
    audio.play('gameOver');
    expect(kit.played).toEqual([
      { notes: ['C4', 'E4'], spacing: 0.1, velocity: undefined },
      { notes: ['C4', 'E4', 'G4'], spacing: 0.1, velocity: undefined },
      { notes: ['G4'], spacing: 0, velocity: undefined },
      { notes: ['A3'], spacing: 0, velocity: 0.3 },
      { notes: ['C4', 'E4', 'G4', 'C5'], spacing: 0.15, velocity: undefined },
      { notes: ['C5', 'G4', 'E4', 'C4'], spacing: 0.2, velocity: undefined },
    ]);
  });

  it('loops the background phrase 6 dB lower, retrying 5 s after a failure', async () => {
    const { audio, kit } = await ready();
    jest.mocked(kit.startMusic).mockImplementationOnce(() => {
      throw new Error('transport');
    });
    audio.startMusic();
    expect(kit.startMusic).toHaveBeenCalledWith(MUSIC_PHRASE, -6);
    jest.advanceTimersByTime(4999);
    expect(kit.startMusic).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1);
    expect(kit.startMusic).toHaveBeenCalledTimes(2);
    expect(MUSIC_PHRASE).toEqual(['C4', 'E4', 'G4', 'E4']);
  });

  it('mutes, remembers the choice, and restores -12 dB on unmute', async () => {
    const { audio, kit } = await ready();
    audio.toggleMute();
    expect(kit.muted).toBe(true);
    expect(localStorage.getItem(MUTED_STORAGE_KEY)).toBe('true');
    audio.play('swap');
    expect(kit.played).toHaveLength(0);
    kit.volume = -40;
    audio.toggleMute();
    expect(kit.muted).toBe(false);
    expect(kit.volume).toBe(-12);
    expect(new GameAudio({ load: async () => kit }).muted).toBe(false);
    audio.setMuted(true);
    expect(new GameAudio({ load: async () => kit }).muted).toBe(true);
  });
});
