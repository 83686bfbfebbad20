import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn';
import { CloseButton } from './close-button';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: the page behind is inert to the keyboard (Tab stays inside), Escape and the
 * close button call onClose, and focus returns where it was when the dialog closes.
 */
export function Modal({
  title,
  children,
  onClose,
  describedBy,
  className,
  tone = 'default',
  closeLabel = 'Close',
  initialFocus,
  testId,
}: {
  title: ReactNode;
  children: ReactNode;
  /** Escape and the × button; omit for a dialog that must be answered with its buttons. */
  onClose?: () => void;
  describedBy?: string;
  className?: string;
  tone?: 'default' | 'celebrate';
  closeLabel?: string;
  /** CSS selector of the element to focus first (default: the first focusable one). */
  initialFocus?: string;
  testId?: string;
}) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first =
      (initialFocus ? panel?.querySelector<HTMLElement>(initialFocus) : null) ??
      panel?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel;
    first?.focus({ preventScroll: true });
    return () => {
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
    // Only on open: later re-renders keep the focus where the person put it.
  }, []);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && onCloseRef.current) {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(panelRef.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={cn('modal', `modal--${tone}`, className)}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {onClose && <CloseButton className="modal__close" label={closeLabel} onClick={onClose} />}
        {children}
      </div>
    </div>,
    document.body,
  );
}
