import { useId, type ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';

/** A file input for the ad's image, with its rule, its progress and its error. */
export function ImageUpload({
  hint,
  uploading,
  error,
  onFile,
}: {
  hint: ReactNode;
  uploading: boolean;
  error?: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const describedBy = [error && `${id}-error`, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className={cn('field', error && 'field--invalid')}>
      <label className="field__label" htmlFor={id}>
        Image
      </label>
      <input
        id={id}
        type="file"
        className="field__input"
        accept="image/png,image/jpeg,image/webp"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
        }}
      />
      {uploading && <Spinner label="Uploading the image" size={22} />}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
    </div>
  );
}
