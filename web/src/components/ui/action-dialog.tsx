import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import './action-dialog.css';

/** A dialog holding one admin action's form: its fields, the refusal if any, Cancel and go. */
export function ActionDialog({
  title,
  children,
  submitLabel,
  pendingLabel,
  pending,
  error,
  danger = false,
  onSubmit,
  onClose,
}: {
  title: string;
  children: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Our own check's message or the server's refusal. */
  error: string | null;
  danger?: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose} className="action-dialog">
      <form
        noValidate
        className="action-dialog__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) onSubmit();
        }}
      >
        {children}
        {error && <Alert>{error}</Alert>}
        <div className="action-dialog__buttons">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
