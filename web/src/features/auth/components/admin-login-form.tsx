import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useFormFields } from '@/hooks/use-form-fields';
import { CURRENT_PASSWORD_FIELD } from '@/lib/form-fields';
import { errorMessage } from '@/lib/api-client';
import { useAdminLogin } from '../api/admin-login';

export const ADMIN_LOGIN_FALLBACK_ERROR = 'Login failed. Please check your credentials.';

const FIELDS = ['username', 'password'] as const;
type Problems = Partial<Record<(typeof FIELDS)[number], string>>;

function validate(username: string, password: string): Problems {
  const problems: Problems = {};
  if (username.trim().length < 1) problems.username = 'Username is required';
  if (password.length < 1) problems.password = 'Password is required';
  return problems;
}

/**
 * Administrator sign-in with username and password. Validation messages sit under the fields;
 * a failed sign-in shows the server's message (or a fallback) in a red box above the button.
 */
export function AdminLoginForm() {
  const adminLogin = useAdminLogin();
  const { values, fieldErrors, bind } = useFormFields(FIELDS, { username: '', password: '' });
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const { username, password } = values;
    const found = validate(username, password);
    fieldErrors.setErrors(found);
    if (found.username || found.password) return;
    adminLogin.mutate(
      { username: username.trim(), password },
      { onError: (error) => setFailure(errorMessage(error, ADMIN_LOGIN_FALLBACK_ERROR)) },
    );
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate aria-label="Admin login">
      <Field
        label="Username"
        autoComplete="username"
        placeholder="Admin username"
        {...bind('username')}
      />
      <Field {...CURRENT_PASSWORD_FIELD} placeholder="Admin password" {...bind('password')} />
      {failure && <Alert>{failure}</Alert>}
      <SubmitButton size="lg" block pending={adminLogin.isPending} pendingLabel="Signing in...">
        Sign In as Admin
      </SubmitButton>
    </form>
  );
}
