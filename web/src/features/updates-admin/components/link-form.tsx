import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { linkHref } from '../lib/link-href';

/**
 * The address of the link at the cursor (or for the selected text). Not a <form>: it sits inside
 * the update's form, so Enter and Escape are handled here.
 */
export function LinkForm({
  initial,
  onApply,
  onRemove,
  onCancel,
}: {
  initial: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();

  function apply() {
    const href = linkHref(value);
    if (href) onApply(href);
    else
      setError('Enter a web address (https://…), an email (mailto:…) or a path on this site (/…).');
  }

  return (
    <div
      className="rich-editor__link"
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply();
        } else if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      <Field
        label="Link address"
        value={value}
        error={error}
        placeholder="https://example.com"
        autoFocus
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <div className="rich-editor__link-buttons">
        <Button size="sm" onClick={apply}>
          Apply link
        </Button>
        {initial && (
          <Button size="sm" variant="secondary" onClick={onRemove}>
            Remove link
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
