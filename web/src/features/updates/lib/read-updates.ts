// Which updates this device has seen (docs/product.md 'Updates'): a list of ids in localStorage,
// shared by the /updates list (which marks its page read) and the header's 'NEW' badge (which
// reads it). Another tab marking updates read clears the badge here too.
import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '@/lib/storage';

export const READ_UPDATES_KEY = 'ballmatch_read_updates';

/**
 * The list keeps the ids marked most recently. 200 is twenty pages of the list: far more than
 * the 5 newest the badge looks at, and a few KB at most.
 */
export const READ_UPDATES_KEPT = 200;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: ReadonlySet<string> | undefined;

function load(): ReadonlySet<string> {
  const stored = readJson<unknown>(READ_UPDATES_KEY, []);
  const ids = Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  return new Set(ids);
}

/** The ids read on this device (a damaged entry counts as none). */
export function readUpdateIds(): ReadonlySet<string> {
  snapshot ??= load();
  return snapshot;
}

function changed(next: ReadonlySet<string> | undefined): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Marks `ids` read; the newest marks are the ones kept. */
export function markUpdatesRead(ids: readonly string[]): void {
  const read = readUpdateIds();
  if (ids.every((id) => read.has(id))) return;
  const kept = [...[...read].filter((id) => !ids.includes(id)), ...ids].slice(-READ_UPDATES_KEPT);
  writeJson(READ_UPDATES_KEY, kept);
  // Kept in memory too: when storage refuses the write, it still holds for this visit.
  changed(new Set(kept));
}

function onStorage(event: StorageEvent): void {
  if (event.key === READ_UPDATES_KEY || event.key === null) changed(undefined);
}

function subscribe(listener: Listener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The read ids, re-rendering when they change (here or in another tab). */
export function useReadUpdateIds(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, readUpdateIds);
}

/** Tests only: forget the cached list (after changing localStorage behind the store's back). */
export function resetReadUpdates(): void {
  snapshot = undefined;
}
