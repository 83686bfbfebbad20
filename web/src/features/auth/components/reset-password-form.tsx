import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ButtonLink, SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useFormFields } from '@/hooks/use-form-fields';
import { errorField, errorMessage } from '@/lib/api-client';
import { NEW_PASSWORD_FIELD } from '@/lib/form-fields';
import { useResetPassword } from '../api/password-reset';

/** As the server says it for a link that is unknown, used or past its hour. */
export const RESET_LINK_INVALID =
  'This password reset link is invalid or has expired. Ask for a new one.';
export const RESET_PASSWORD_FALLBACK_ERROR = 'Could not reset the password. Please try again.';

const FIELDS = ['newPassword'] as const;

/** A link that no longer works (or never did): say so, and offer a new one. */
function LinkProblem({ message }: { message: string }) {
  return (
    <div className="auth-form">
      <Alert>{message}</Alert>
      <ButtonLink to={paths.forgotPassword} size="lg" block>
        Ask for a New Link
      </ButtonLink>
    </div>
  );
}

/**
 * The mailed link's page: a new password for the account. Once set, every session of the account
 * is signed out (this browser's too) and the player signs in with it.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const { values, fieldErrors, bind } = useFormFields(FIELDS, { newPassword: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const [linkProblem, setLinkProblem] = useState<string | null>(token ? null : RESET_LINK_INVALID);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    setFailure(null);
    reset.mutate(
      { token, newPassword: values.newPassword },
      {
        onError: (error) => {
          const field = errorField(error);
          if (field === 'token') setLinkProblem(errorMessage(error, RESET_LINK_INVALID));
          else if (field) fieldErrors.fromServer(error);
          else setFailure(errorMessage(error, RESET_PASSWORD_FALLBACK_ERROR));
        },
      },
    );
  }

  if (linkProblem) return <LinkProblem message={linkProblem} />;
  if (reset.isSuccess) {
    return (
      <div className="auth-form">
        <Alert variant="info">{reset.data.message}</Alert>
        <ButtonLink to={paths.login} size="lg" block>
          Sign In
        </ButtonLink>
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label="Reset password">
      <Field
        {...NEW_PASSWORD_FIELD}
        label="New password"
        placeholder="Choose a new password"
        required
        {...bind('newPassword')}
      />
      {failure && <Alert>{failure}</Alert>}
      <SubmitButton size="lg" block pending={reset.isPending} pendingLabel="Saving...">
        Set New Password
      </SubmitButton>
      <p className="auth-aside">
        <Link to={paths.login}>Back to Sign In</Link>
      </p>
    </form>
  );
}
