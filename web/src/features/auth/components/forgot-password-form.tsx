import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useFormFields } from '@/hooks/use-form-fields';
import { errorField, errorMessage } from '@/lib/api-client';
import { EMAIL_FIELD } from '@/lib/form-fields';
import { useForgotPassword } from '../api/password-reset';

export const FORGOT_PASSWORD_FALLBACK_ERROR = 'Could not send the link. Please try again.';

const FIELDS = ['email'] as const;

/**
 * 'Forgot password?': the account's email, and a link to reset the password is mailed to it.
 * The answer is the same whether or not an account has the address; a refusal with no field
 * (too many requests, reset not available) shows in a red box above the button.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const { values, fieldErrors, bind } = useFormFields(FIELDS, { email: '' });
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    setFailure(null);
    forgot.mutate(
      { email: values.email.trim() },
      {
        onError: (error) => {
          fieldErrors.fromServer(error);
          if (!errorField(error)) setFailure(errorMessage(error, FORGOT_PASSWORD_FALLBACK_ERROR));
        },
      },
    );
  }

  const back = (
    <p className="auth-aside">
      <Link to={paths.login}>Back to Sign In</Link>
    </p>
  );

  if (forgot.isSuccess) {
    return (
      <div className="auth-form">
        <Alert variant="info">{forgot.data.message}</Alert>
        <p className="auth-aside">
          No email after a few minutes? Check your spam folder, or{' '}
          <button type="button" className="auth-link-button" onClick={() => forgot.reset()}>
            ask again
          </button>
          .
        </p>
        {back}
      </div>
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label="Forgot password">
      <Field {...EMAIL_FIELD} {...bind('email')} />
      {failure && <Alert>{failure}</Alert>}
      <SubmitButton size="lg" block pending={forgot.isPending} pendingLabel="Sending...">
        Send Reset Link
      </SubmitButton>
      {back}
    </form>
  );
}
