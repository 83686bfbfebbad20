// Tone.js moves a start that is already past to the audio clock's present, and throws ('Start
// time must be strictly greater than previous start time', Tone.js issue #1256) when a one-voice
// instrument is started again within a microsecond of its last start. On a busy machine the
// transport hands over several late beats in one task, and Tone would move them all to the same
// present. Here a late note is put a little ahead of the clock instead (the clock moves on even
// within a task, so Tone, reading it a moment later, must find the note still ahead), and the
// late beats after it are dropped: a missed beat is better than an uncaught error.
const SAME_INSTANT_S = 1e-6;
/** Far more than the moment between reading the clock here and Tone reading it again. */
export const LATE_NOTE_LEAD_S = 0.02;

/**
 * For one instrument: the time to start each next note at (a late one just ahead of the audio
 * clock), or null when that would not be strictly after the last start.
 */
export function strictlyLaterStarts(currentTime: () => number): (time: number) => number | null {
  let last = -Infinity;
  return (time) => {
    const at = Math.max(time, currentTime() + LATE_NOTE_LEAD_S);
    if (at <= last + SAME_INSTANT_S) return null;
    last = at;
    return at;
  };
}
