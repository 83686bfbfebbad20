// Tests whose pages wait (retries' back-off, delays) run on the test clock: the library's waits
// (findBy*, waitFor) move it on as they poll, so nothing waits for real time.
import userEvent from '@testing-library/user-event';

/** Fake timers from here on (setup.ts restores real ones), and a user whose pauses take them. */
export function startTestClock() {
  jest.useFakeTimers();
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}
