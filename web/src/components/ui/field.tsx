import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';
import './field.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: ReactNode;
  /** The rule the value must follow, always shown under the input. */
  hint?: ReactNode;
  /** A problem with the value (from our own check or the server), shown under the input. */
  error?: string;
}

/** A labelled text input with its hint and error wired up for screen readers. */
export function Field({ label, hint, error, id, className, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cn('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...props}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}
