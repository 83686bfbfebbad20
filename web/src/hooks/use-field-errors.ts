import { useCallback, useState } from 'react';
import { errorField, errorMessage } from '@/lib/api-client';

/**
 * Errors to show under individual fields. A server answer {message, field} lands under that
 * field; editing the field clears it again.
 */
export function useFieldErrors<F extends string>(fields: readonly F[]) {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const fromServer = useCallback(
    (error: unknown) => {
      const field = errorField(error);
      if (field && (fields as readonly string[]).includes(field)) {
        setErrors({ [field]: errorMessage(error, 'Invalid value') } as Partial<Record<F, string>>);
      } else {
        setErrors({});
      }
    },
    [fields],
  );

  const clear = useCallback((field?: F) => {
    setErrors((current) => {
      if (field === undefined) return {};
      if (!(field in current)) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  }, []);

  return { errors, setErrors, fromServer, clear };
}
