// The Tone.js side of the game's audio. This module (and Tone.js with it) is only ever loaded
// with import(), after the player's first click or touch.
//
// Tone is imported module by module rather than through its index, because the index creates
// the default audio context at import time with a Web Worker clock made from a blob: URL,
// which the site's Content-Security-Policy (script-src 'self') forbids. Here the context is
// made first, with Tone's timer clock.
import 'tone/build/esm/core/context/Destination.js';
import { Context } from 'tone/build/esm/core/context/Context.js';
import { getContext, setContext, start } from 'tone/build/esm/core/Global.js';
import { Sequence } from 'tone/build/esm/event/Sequence.js';
import { PolySynth } from 'tone/build/esm/instrument/PolySynth.js';
import { Synth } from 'tone/build/esm/instrument/Synth.js';
import { strictlyLaterStarts } from './note-starts';
import type { SoundKit } from './sound-kit';

export async function createToneKit(): Promise<SoundKit> {
  setContext(new Context({ clockSource: 'timeout', latencyHint: 'interactive' }));
  await start();
  const context = getContext();
  const destination = context.destination;
  const transport = context.transport;
  const effects = new PolySynth(Synth, {
    oscillator: { type: 'triangle' },
    envelope: { attack: 0.005, decay: 0.12, sustain: 0.15, release: 0.25 },
  }).toDestination();
  const music = new Synth({
    oscillator: { type: 'sine' },
    envelope: { attack: 0.02, decay: 0.2, sustain: 0.3, release: 0.6 },
  }).toDestination();
  const musicNoteAt = strictlyLaterStarts(() => context.currentTime);
  let sequence: Sequence<string> | null = null;

  return {
    setVolume(db) {
      destination.volume.value = db;
    },
    setMuted(muted) {
      destination.mute = muted;
    },
    playNotes(notes, spacing, duration, velocity = 0.8) {
      const now = context.now();
      notes.forEach((note, i) =>
        effects.triggerAttackRelease(note, duration, now + i * spacing, velocity),
      );
    },
    startMusic(phrase, offsetDb) {
      music.volume.value = offsetDb;
      sequence?.dispose();
      sequence = new Sequence(
        (time, note) => {
          const at = musicNoteAt(time);
          if (at !== null) music.triggerAttackRelease(note, '8n', at, 0.5);
        },
        [...phrase],
        '4n',
      ).start(0);
      transport.bpm.value = 96;
      if (transport.state !== 'started') transport.start();
    },
    stopMusic() {
      sequence?.stop();
      sequence?.dispose();
      sequence = null;
      transport.stop();
    },
  };
}
