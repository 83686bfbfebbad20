import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useFormFields } from '@/hooks/use-form-fields';
import { CURRENT_PASSWORD_FIELD, EMAIL_FIELD } from '@/lib/form-fields';
import { useLogin } from '../api/login';

const FIELDS = ['email', 'password'] as const;

/**
 * Email and password sign-in for players; required fields are checked by the browser. 'Forgot
 * password?' leads to a reset link by email.
 */
export function UserLoginForm() {
  const login = useLogin();
  const { values, fieldErrors, bind } = useFormFields(FIELDS, { email: '', password: '' });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onError: fieldErrors.fromServer },
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label="User login">
      <Field {...EMAIL_FIELD} {...bind('email')} />
      <Field
        {...CURRENT_PASSWORD_FIELD}
        placeholder="Your password"
        required
        {...bind('password')}
      />
      <Link to={paths.forgotPassword} className="auth-forgot">
        Forgot password?
      </Link>
      <SubmitButton size="lg" block pending={login.isPending} pendingLabel="Signing in...">
        Sign In
      </SubmitButton>
    </form>
  );
}
