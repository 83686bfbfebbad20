// Global error log (docs/product.md 'Errors and fallbacks'): uncaught errors and unhandled promise
// rejections are logged to the console and the last 10 distinct messages are kept with how often
// each came. The dev server's hot-reload socket failing is noise, not an app error, so it is
// dropped.

export const ERROR_LOG_LIMIT = 10;

export interface ErrorLogEntry {
  message: string;
  count: number;
  firstSeen: number;
  lastSeen: number;
}

/** Vite's HMR client reports a lost or refused dev socket this way. */
const SUPPRESSED = [
  /\[vite\].*(web)?socket/i,
  /WebSocket closed without opened/i,
  /failed to connect to websocket/i,
];

export function isSuppressed(message: string): boolean {
  return SUPPRESSED.some((pattern) => pattern.test(message));
}

const entries = new Map<string, ErrorLogEntry>();

/** Records one message; returns false when it was suppressed. */
export function recordError(message: string, now = Date.now()): boolean {
  if (isSuppressed(message)) return false;
  const existing = entries.get(message);
  if (existing) {
    existing.count += 1;
    existing.lastSeen = now;
    // Re-insert so the Map's order stays "least recently seen first".
    entries.delete(message);
    entries.set(message, existing);
  } else {
    entries.set(message, { message, count: 1, firstSeen: now, lastSeen: now });
    while (entries.size > ERROR_LOG_LIMIT) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
  }
  console.error(`[error-log] ${message} (×${entries.get(message)?.count ?? 1})`);
  return true;
}

/** The kept entries, most recently seen first. */
export function getErrorLog(): ErrorLogEntry[] {
  return [...entries.values()].reverse().map((entry) => ({ ...entry }));
}

export function clearErrorLog(): void {
  entries.clear();
}

function messageOf(value: unknown): string {
  if (value instanceof Error) return value.message || value.name;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Starts listening on the window; returns a function that stops it. */
export function installErrorLog(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const message = event.error !== undefined ? messageOf(event.error) : event.message;
    recordError(message || 'Unknown error');
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    recordError(`Unhandled rejection: ${messageOf(event.reason)}`);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
