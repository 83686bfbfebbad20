import { LATE_NOTE_LEAD_S, strictlyLaterStarts } from '@/game/audio/note-starts';

describe('the start times of one instrument', () => {
  it('keeps notes that are on time, and puts a late one just ahead of the audio clock', () => {
    let now = 10;
    const startAt = strictlyLaterStarts(() => now);
    expect(startAt(10.5)).toBe(10.5);
    expect(startAt(11.125)).toBe(11.125);
    now = 12;
    expect(startAt(11.75)).toBe(12 + LATE_NOTE_LEAD_S);
  });

  it('drops the late beats handed over with it, which Tone would start at the same instant', () => {
    const startAt = strictlyLaterStarts(() => 20);
    const ahead = 20 + LATE_NOTE_LEAD_S;
    expect([18.75, 19.375, ahead + 5e-7, 20.625].map(startAt)).toEqual([ahead, null, null, 20.625]);
  });

  it('drops a note at or before the last start (a restarted phrase meeting the old one)', () => {
    const startAt = strictlyLaterStarts(() => 0);
    expect(startAt(5)).toBe(5);
    expect(startAt(5)).toBeNull();
    expect(startAt(4.5)).toBeNull();
    expect(startAt(5.001)).toBe(5.001);
  });
});
