// Shared per-test setup: a quiet console (the fetch layer logs every failure by design, and
// requests still in flight when a test ends log afterwards; tests that care assert on the
// spies), no toast carried from one test into the next, and the MSW server that answers the
// app's HTTP (helpers/api-server.ts), back to its shared answers after each test.
import { configure } from '@testing-library/react';
import { resetToasts } from '@/components/ui/toast';
import { server } from './helpers/api-server';
import { installFakeRealtime } from './helpers/fake-websocket';

// findBy*/waitFor give up after this: lazy routes load their chunk first, which on a loaded
// CI machine took longer than the library's 1 s default (the wait still ends at the condition).
configure({ asyncUtilTimeout: 5000 });

const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
const consoleWarn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() => {
  // Screens that listen to the realtime feed get fake sockets, never jsdom's networked ones.
  installFakeRealtime();
  // Every test starts as a browser that has not yet asked whether it holds a session.
  window.localStorage.removeItem('no_session');
  consoleError.mockClear();
  consoleWarn.mockClear();
});

afterEach(() => {
  resetToasts();
  jest.useRealTimers();
  server.resetHandlers();
});
