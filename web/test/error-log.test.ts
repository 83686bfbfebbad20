import {
  ERROR_LOG_LIMIT,
  clearErrorLog,
  getErrorLog,
  installErrorLog,
  isSuppressed,
} from '@/lib/error-log';

let uninstall: () => void;

beforeEach(() => {
  clearErrorLog();
  uninstall = installErrorLog(window);
});

afterEach(() => uninstall());

function raise(error: Error) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
}

/** jsdom has no PromiseRejectionEvent; the listener only reads `reason`. */
function reject(reason: unknown) {
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  window.dispatchEvent(event);
}

describe('global error log', () => {
  it('records uncaught errors and unhandled rejections, and logs them', () => {
    raise(new Error('Cannot read properties of undefined'));
    reject(new Error('Score save failed'));
    reject('plain reason');

    expect(getErrorLog().map((e) => e.message)).toEqual([
      'Unhandled rejection: plain reason',
      'Unhandled rejection: Score save failed',
      'Cannot read properties of undefined',
    ]);
    expect(console.error).toHaveBeenCalledWith(
      '[error-log] Cannot read properties of undefined (×1)',
    );
  });

  it('counts repeats of the same message instead of storing them twice', () => {
    raise(new Error('boom'));
    raise(new Error('boom'));
    raise(new Error('other'));
    raise(new Error('boom'));

    const log = getErrorLog();
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ message: 'boom', count: 3 });
    expect(log[1]).toMatchObject({ message: 'other', count: 1 });
  });

  it('keeps only the last 10 distinct messages', () => {
    expect(ERROR_LOG_LIMIT).toBe(10);
    for (let i = 1; i <= 12; i++) raise(new Error(`error ${i}`));

    const messages = getErrorLog().map((e) => e.message);
    expect(messages).toHaveLength(10);
    expect(messages[0]).toBe('error 12');
    expect(messages).not.toContain('error 1');
    expect(messages).not.toContain('error 2');
    expect(messages).toContain('error 3');
  });

  it('a repeated old message survives over newer single ones', () => {
    raise(new Error('early'));
    for (let i = 1; i <= 8; i++) raise(new Error(`error ${i}`));
    raise(new Error('early'));
    raise(new Error('late 1'));
    raise(new Error('late 2'));

    const messages = getErrorLog().map((e) => e.message);
    expect(messages).toHaveLength(10);
    expect(messages).toContain('early');
    expect(messages).not.toContain('error 1');
    expect(messages).toContain('error 2');
  });

  it('suppresses the dev server hot-reload socket error', () => {
    expect(
      isSuppressed(
        '[vite] failed to connect to websocket (Error: WebSocket closed without opened.)',
      ),
    ).toBe(true);
    reject(new Error('WebSocket closed without opened.'));
    raise(new Error('[vite] failed to connect to websocket.'));
    expect(getErrorLog()).toEqual([]);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('does not suppress the app’s own realtime socket errors', () => {
    expect(isSuppressed('Realtime socket error: connection refused')).toBe(false);
  });

  it('stops listening when uninstalled', () => {
    // A separate target: an 'error' nobody handles on jsdom's window fails the test run.
    const target = new EventTarget();
    const stop = installErrorLog(target as unknown as Window);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('while installed') }));
    stop();
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('after uninstall') }));
    expect(getErrorLog().map((e) => e.message)).toEqual(['while installed']);
  });
});
