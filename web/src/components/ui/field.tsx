import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from './cn';
import './field.css';

interface FrameProps {
  label: ReactNode;
  /** The rule the value must follow, always shown under the input. */
  hint?: ReactNode;
  /** A problem with the value (from our own check or the server), shown under the input. */
  error?: string;
}

type FieldProps = FrameProps & InputHTMLAttributes<HTMLInputElement>;
type TextAreaFieldProps = FrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/**
 * The label, hint and error around one control, wired up for screen readers: `control` gets
 * the id and the aria attributes to spread on it (Field and TextAreaField; a control of its own,
 * such as a file input with its progress).
 */
export function FieldFrame({
  label,
  hint,
  error,
  id,
  className,
  control,
}: FrameProps & {
  id?: string;
  className?: string;
  control: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
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
      {control({
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
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

/** A labelled text input with its hint and error wired up for screen readers. */
export function Field({ label, hint, error, id, className, ...props }: FieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, id, className }}
      control={(aria) => <input className="field__input" {...aria} {...props} />}
    />
  );
}

/** A labelled multi-line text box, wired up as Field is. */
export function TextAreaField({ label, hint, error, id, className, ...props }: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, hint, error, id, className }}
      control={(aria) => (
        <textarea className="field__input field__input--multiline" {...aria} {...props} />
      )}
    />
  );
}
