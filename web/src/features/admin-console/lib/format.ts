// How the admin console writes durations and shares (the rest as the ad pages write them).

/** Seconds as the longest whole units that say it: '45 s', '3 min 20 s', '1 h 5 min'. */
export function formatSeconds(total: number): string {
  const seconds = Math.round(total);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** Milliseconds between moves: '350 ms', '1.4 s'. */
export function formatGap(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A part of a whole as a percentage with one decimal; a dash when there is no whole. */
export function formatShare(part: number, whole: number): string {
  return whole > 0 ? `${((part / whole) * 100).toFixed(1)}%` : '—';
}

/** A range of a figure as the charts label it: '0–9 moves', '100+ moves', '1–2 min'. */
export function rangeLabel(range: { from: number; to: number }, unit: 'moves' | 'seconds'): string {
  if (unit === 'moves') return range.to ? `${range.from}–${range.to - 1}` : `${range.from}+`;
  const minutes = (s: number) => s / 60;
  if (range.from === 0 && range.to) return `under ${minutes(range.to)} min`;
  return range.to
    ? `${minutes(range.from)}–${minutes(range.to)} min`
    : `${minutes(range.from)}+ min`;
}
