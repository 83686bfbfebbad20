import { useState } from 'react';
import { useFieldErrors } from './use-field-errors';

/**
 * The values of a form's text fields and their errors. `bind(field)` gives a Field its name,
 * value, error and change handler; editing a field clears its error and calls `onEdit`.
 */
export function useFormFields<F extends string>(
  fields: readonly F[],
  initial: Record<F, string> | (() => Record<F, string>),
  onEdit?: () => void,
) {
  const [values, setValues] = useState(initial);
  const fieldErrors = useFieldErrors(fields);

  function bind(field: F) {
    return {
      name: field,
      value: values[field],
      error: fieldErrors.errors[field],
      onChange: (e: { target: { value: string } }) => {
        setValues((v) => ({ ...v, [field]: e.target.value }));
        fieldErrors.clear(field);
        onEdit?.();
      },
    };
  }

  return { values, setValues, fieldErrors, bind };
}
