import type { ReactNode } from 'react';
import { FieldFrame } from '@/components/ui/field';
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
  return (
    <FieldFrame
      label="Image"
      hint={hint}
      error={error}
      control={(aria) => (
        <>
          <input
            {...aria}
            type="file"
            className="field__input"
            accept="image/png,image/jpeg,image/webp"
            disabled={uploading}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onFile(file);
            }}
          />
          {uploading && <Spinner label="Uploading the image" size={22} />}
        </>
      )}
    />
  );
}
