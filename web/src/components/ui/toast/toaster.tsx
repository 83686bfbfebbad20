import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '../cn';
import { CloseButton } from '../close-button';
import { TOAST_SWIPE_THRESHOLD_PX, dismissToast, useToasts, type ToastItem } from './toast-store';
import './toast.css';

export const TOAST_HOTKEY = 'F8';

/**
 * The notification area: an aria-live region labelled 'Notifications (F8)'. F8 moves focus
 * into it; each toast closes itself after its duration (paused while hovered or focused) and
 * can be swiped right to dismiss.
 */
export function Toaster() {
  const toasts = useToasts();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === TOAST_HOTKEY || event.code === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      className="toaster"
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      aria-live="polite"
      tabIndex={-1}
    >
      <ol className="stack-list">
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <Toast key={t.id} item={t} />
          ))}
      </ol>
    </section>
  );
}

function Toast({ item }: { item: ToastItem }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const remaining = useRef(item.duration);
  const swipeStart = useRef<number | null>(null);

  // Count down the display time, pausing while the person hovers or focuses the toast.
  useEffect(() => {
    if (paused || !Number.isFinite(item.duration)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => dismissToast(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, item.id, item.duration]);

  function onPointerDown(event: PointerEvent<HTMLLIElement>) {
    if (event.button !== undefined && event.button > 0) return;
    swipeStart.current = event.clientX;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current === null) return;
    // Only rightward swipes move the toast.
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  }

  function onPointerEnd(event: PointerEvent<HTMLLIElement>) {
    if (swipeStart.current === null) return;
    const delta = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (delta > TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id);
    else setOffset(0);
  }

  return (
    <li
      className={cn('toast', `toast--${item.variant}`, offset > 0 && 'toast--swiping')}
      data-variant={item.variant}
      role={item.variant === 'destructive' ? 'alert' : 'status'}
      aria-atomic="true"
      style={
        offset
          ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) }
          : undefined
      }
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        swipeStart.current = null;
        setOffset(0);
      }}
    >
      <div className="toast__text">
        <p className="toast__title">{item.title}</p>
        {item.description && <p className="toast__description">{item.description}</p>}
      </div>
      <CloseButton
        className="toast__close"
        label="Close notification"
        onClick={() => dismissToast(item.id)}
      />
    </li>
  );
}
