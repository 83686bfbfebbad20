import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { useLogin } from '../api/login';
import { useFieldErrors } from './use-field-errors';

const FIELDS = ['email', 'password'] as const;

/** Email and password sign-in for players; required fields are checked by the browser. */
export function UserLoginForm() {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const fieldErrors = useFieldErrors(FIELDS);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fieldErrors.clear();
    login.mutate({ email: email.trim(), password }, { onError: fieldErrors.fromServer });
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} aria-label="User login">
      <Field
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@example.com"
        required
        value={email}
        error={fieldErrors.errors.email}
        onChange={(e) => {
          setEmail(e.target.value);
          fieldErrors.clear('email');
        }}
      />
      <Field
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        placeholder="Your password"
        required
        value={password}
        error={fieldErrors.errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          fieldErrors.clear('password');
        }}
      />
      <Button type="submit" size="lg" block disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
