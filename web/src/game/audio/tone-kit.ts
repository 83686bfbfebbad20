// The Tone.js side of the game's audio. This module (and Tone.js with it) is only ever loaded
// with import(), after the player's first click or touch.
import * as Tone from 'tone';
import type { SoundKit } from './sound-kit';

export async function createToneKit(): Promise<SoundKit> {
  await Tone.start();
  const destination = Tone.getDestination();
  const effects = new Tone.PolySynth(Tone.Synth, {
    oscillator: { type: 'triangle' },
    envelope: { attack: 0.005, decay: 0.12, sustain: 0.15, release: 0.25 },
  }).toDestination();
  const music = new Tone.Synth({
    oscillator: { type: 'sine' },
    envelope: { attack: 0.02, decay: 0.2, sustain: 0.3, release: 0.6 },
  }).toDestination();
  let sequence: Tone.Sequence<string> | null = null;

  return {
    setVolume(db) {
      destination.volume.value = db;
    },
    setMuted(muted) {
      destination.mute = muted;
    },
    playNotes(notes, spacing, duration, velocity = 0.8) {
      const now = Tone.now();
      notes.forEach((note, i) =>
        effects.triggerAttackRelease(note, duration, now + i * spacing, velocity),
      );
    },
    startMusic(phrase, offsetDb) {
      music.volume.value = offsetDb;
      sequence?.dispose();
      sequence = new Tone.Sequence(
        (time, note) => music.triggerAttackRelease(note, '8n', time, 0.5),
        [...phrase],
        '4n',
      ).start(0);
      const transport = Tone.getTransport();
      transport.bpm.value = 96;
      if (transport.state !== 'started') transport.start();
    },
    stopMusic() {
      sequence?.stop();
      sequence?.dispose();
      sequence = null;
      Tone.getTransport().stop();
    },
  };
}
