import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** What one request carries through every async hop: the id that ties its log lines together. */
export interface RequestContext {
  requestId: string;
  /**
   * The caller's `authorization` value (`Bearer <session token>`): every gRPC call made while
   * handling the request carries it, so each service can check who is calling.
   */
  authorization?: string;
  /** The player session's credential (`x-session-credential`), forwarded the same way. */
  sessionCredential?: string;
  /**
   * The browser's address, set by the gateway only: its calls carry it in `x-client-address`,
   * and a service believes it only from the gateway's identity (grpc/service-identity.ts).
   */
  clientAddress?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const REQUEST_ID_HEADER = 'x-request-id';

export function runWithRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Accepts a caller's id only when it looks like one (no log injection), else makes a new one. */
export function sanitizeRequestId(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(value) ? value : randomUUID();
}
