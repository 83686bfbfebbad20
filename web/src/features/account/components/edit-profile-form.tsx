import { useState, type FormEvent } from 'react';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useUpdateProfile, type ProfileUpdate } from '@/features/account/api/update-profile';
import { useFormFields } from '@/hooks/use-form-fields';
import {
  CURRENT_PASSWORD_FIELD,
  NEW_PASSWORD_FIELD,
  USERNAME_FIELD,
  WALLET_FIELD,
} from '@/lib/form-fields';
import { PASSWORD_RULE } from '@/lib/auth/rules';
import type { User } from '@/lib/auth/types';
import './edit-profile-form.css';

const FIELDS = ['username', 'email', 'evmWallet', 'currentPassword', 'newPassword'] as const;
type ProfileField = (typeof FIELDS)[number];

function initialValues(user: User): Record<ProfileField, string> {
  return {
    username: user.username,
    email: user.email,
    evmWallet: user.evmWallet ?? '',
    currentPassword: '',
    newPassword: '',
  };
}

/** The server asks for the current password to change the email or the password. */
function needsCurrentPassword(user: User, values: Record<ProfileField, string>): boolean {
  return values.newPassword.length > 0 || values.email.trim() !== user.email;
}

/** Only what changed goes to the server; an emptied wallet is sent as null to clear it. */
export function buildProfileUpdate(
  user: User,
  values: Record<ProfileField, string>,
): ProfileUpdate {
  const update: ProfileUpdate = {};
  const username = values.username.trim();
  const email = values.email.trim();
  const wallet = values.evmWallet.trim();
  if (username !== user.username) update.username = username;
  if (email !== user.email) update.email = email;
  if (wallet !== (user.evmWallet ?? '')) update.evmWallet = wallet || null;
  if (values.newPassword) update.newPassword = values.newPassword;
  if (needsCurrentPassword(user, values)) update.currentPassword = values.currentPassword;
  return update;
}

/** PATCH /api/user/profile: username, email, wallet, and a password change. */
export function EditProfileForm({ user }: { user: User }) {
  const updateProfile = useUpdateProfile();
  const [nothingChanged, setNothingChanged] = useState(false);
  const { values, setValues, fieldErrors, bind } = useFormFields(
    FIELDS,
    () => initialValues(user),
    () => setNothingChanged(false),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    const update = buildProfileUpdate(user, values);
    if (needsCurrentPassword(user, values) && !update.currentPassword) {
      fieldErrors.setErrors({
        currentPassword: 'Enter your current password to change your email or password.',
      });
      return;
    }
    if (Object.keys(update).length === 0) {
      setNothingChanged(true);
      return;
    }
    updateProfile.mutate(update, {
      onSuccess: (saved) => setValues(initialValues(saved)),
      onError: fieldErrors.fromServer,
    });
  }

  return (
    <form className="profile-form" onSubmit={onSubmit} aria-label="Edit profile">
      <fieldset className="profile-form__group">
        <legend>Account</legend>
        <Field {...USERNAME_FIELD} {...bind('username')} />
        <Field label="Email" type="email" autoComplete="email" required {...bind('email')} />
        <Field
          {...WALLET_FIELD}
          title="'0x' followed by 40 hex digits"
          hint="'0x' followed by 40 hex digits. Leave empty to remove it."
          {...bind('evmWallet')}
        />
      </fieldset>

      <fieldset className="profile-form__group">
        <legend>Password</legend>
        <Field
          {...CURRENT_PASSWORD_FIELD}
          label="Current password"
          required={needsCurrentPassword(user, values)}
          hint="Needed to change your email or your password."
          {...bind('currentPassword')}
        />
        <Field
          {...NEW_PASSWORD_FIELD}
          label="New password"
          hint={`${PASSWORD_RULE} Leave empty to keep your password. A new one signs you out on your other devices.`}
          {...bind('newPassword')}
        />
      </fieldset>

      {nothingChanged && (
        <p className="profile-form__note" role="status">
          Nothing to save: no field has changed.
        </p>
      )}
      <SubmitButton size="lg" pending={updateProfile.isPending} pendingLabel="Saving...">
        Save Changes
      </SubmitButton>
    </form>
  );
}
