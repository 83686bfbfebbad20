import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useFormFields } from '@/hooks/use-form-fields';
import { CURRENT_PASSWORD_FIELD } from '@/lib/form-fields';
import type { User } from '@/lib/auth/types';
import { useDeleteAccount } from '../api/delete-account';

const FIELDS = ['confirmUsername', 'currentPassword'] as const;

/**
 * 'Delete my account': the player types their username and their password, and chooses
 * whether their scores leave the leaderboards too. The button waits for the username.
 */
export function DeleteAccountDialog({
  user,
  leave,
  onClose,
}: {
  user: User;
  /** Where the player goes once the account is gone (resolves on arrival). */
  leave: () => Promise<void>;
  onClose: () => void;
}) {
  const deletion = useDeleteAccount({ leave });
  const [removeScores, setRemoveScores] = useState(false);
  const { values, fieldErrors, bind } = useFormFields(FIELDS, {
    confirmUsername: '',
    currentPassword: '',
  });
  const confirmed = values.confirmUsername.trim().toLowerCase() === user.username.toLowerCase();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    deletion.mutate({ ...values, removeScores }, { onError: fieldErrors.fromServer });
  }

  return (
    <Modal
      title="Delete your account?"
      onClose={deletion.isPending ? undefined : onClose}
      describedBy="delete-account-what"
      className="delete-account"
      initialFocus="input"
    >
      <p id="delete-account-what">
        Your account goes for good and you are signed out on every device. This cannot be undone.
      </p>
      <form className="delete-account__form" onSubmit={onSubmit} aria-label="Delete account">
        <Field
          label="Type your username to confirm"
          hint={`Type ${user.username}`}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          required
          {...bind('confirmUsername')}
        />
        <Field
          {...CURRENT_PASSWORD_FIELD}
          label="Current password"
          required
          {...bind('currentPassword')}
        />
        <label className="delete-account__choice">
          <input
            type="checkbox"
            checked={removeScores}
            onChange={(event) => setRemoveScores(event.target.checked)}
          />
          <span>
            Also remove my scores from the leaderboards
            <small>Otherwise they stay on the boards under the names you played under.</small>
          </span>
        </label>
        <div className="delete-account__actions">
          <Button variant="secondary" onClick={onClose} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="danger"
            disabled={!confirmed || !values.currentPassword || deletion.isPending}
          >
            {deletion.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
