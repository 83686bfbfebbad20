// Toast state (docs/product.md 'Toasts'): at most one toast at a time, each shown for 5000 ms by
// default; a dismissed toast leaves the list 1000000 ms later. Kept outside React so any code
// (mutations, effects) can raise a toast with a plain function call.
import { useSyncExternalStore } from 'react';

export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long the toast stays before closing itself; defaults to 5000 ms. */
  duration?: number;
  /**
   * Waits for the open toast to close instead of pushing it out (news the player did not ask
   * for, such as a badge, must not hide the answer to what they just did).
   */
  queue?: boolean;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description' | 'queue'>> {
  id: string;
  description?: string;
  /** False once dismissed; the item is removed from the list later. */
  open: boolean;
}

let toasts: ToastItem[] = [];
/** Queued toasts, shown one by one as the open toast closes. */
let waiting: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function setToasts(next: ToastItem[]): void {
  toasts = next;
  emit();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      removeToast(id);
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Shows a toast; older ones beyond the limit are pushed out. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
    open: true,
  };
  if (input.queue && toasts.some((t) => t.open)) waiting = [...waiting, item];
  else show(item);
  return { id, dismiss: () => dismissToast(id) };
}

function show(item: ToastItem): void {
  const next = [item, ...toasts];
  for (const dropped of next.slice(TOAST_LIMIT)) {
    clearTimeout(removeTimers.get(dropped.id));
    removeTimers.delete(dropped.id);
  }
  setToasts(next.slice(0, TOAST_LIMIT));
}

/** Closes one toast (or all without an id); it is removed from the list later. */
export function dismissToast(id?: string): void {
  waiting = waiting.filter((t) => id !== undefined && t.id !== id);
  const closing = toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  for (const t of closing) scheduleRemoval(t.id);
  setToasts(toasts.map((t) => (closing.includes(t) ? { ...t, open: false } : t)));
  const [next, ...rest] = waiting;
  if (next && !toasts.some((t) => t.open)) {
    waiting = rest;
    show(next);
  }
}

export function removeToast(id: string): void {
  setToasts(toasts.filter((t) => t.id !== id));
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper and logout cleanup: forget every toast and timer. */
export function resetToasts(): void {
  for (const timer of removeTimers.values()) clearTimeout(timer);
  removeTimers.clear();
  waiting = [];
  setToasts([]);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
