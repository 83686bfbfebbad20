// Every fakeable API but Date: timers, ticks and frames stay real.
const NOT_DATE = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/**
 * Holds the page's date (Date.now(), new Date()) at `at` in every test of the file, timers left
 * real: pages that count days up to the browser's today then show the days the test expects,
 * whatever the wall clock says (a file loaded before midnight UTC and rendered after otherwise
 * expects yesterday). Answers `at` in ms, for the expected days.
 */
export function holdDate(at: string): number {
  const now = Date.parse(at);
  // Each test's own: the shared setup puts real timers back after every test.
  beforeEach(() => jest.useFakeTimers({ now, doNotFake: [...NOT_DATE] }));
  return now;
}
